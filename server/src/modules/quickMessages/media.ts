import type { FastifyRequest } from "fastify";
import { and, eq } from "drizzle-orm";
import type { AppContext, Caller } from "../../context";
import { quickMessages } from "../../db/schema";
import { AppError } from "../../http/errors";
import { readForm } from "../../http/multipartForm";
import type { MediaFile } from "../../channels/contract";
import { mimeOf } from "../../media/store";
import { presentQuickMessageRecord } from "./present";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { quickMessageUpdated } from "./events";
import { findEditableQuickMessage, findVisibleQuickMessage } from "./service";

/** The one file of POST /quick-messages/:id/media-upload (fields: typeArch 'quickMessage', file). */
export async function readUploadedFile(request: FastifyRequest): Promise<MediaFile> {
  if (!request.isMultipart()) throw new AppError("ERR_VALIDATION", 400, { field: "file", message: "file: Required" });
  const file = await readForm(request, async (parts) => {
    let first: MediaFile | null = null;
    for await (const part of parts) {
      if (part.type !== "file") continue;
      if (first) throw new AppError("ERR_VALIDATION", 400, { field: "file", message: "file: Too many files" });
      first = { data: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype || mimeOf(part.filename) };
    }
    return first;
  });
  if (!file || file.data.length === 0) throw new AppError("ERR_VALIDATION", 400, { field: "file", message: "file: Required" });
  return file;
}

/** The attachment's columns changed in one command; null when the quick message is gone meanwhile. */
function saveMedia(ctx: AppContext, caller: Caller, id: number, media: { mediaPath: string | null; mediaName: string | null }) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(quickMessages)
      .set(media)
      .where(and(eq(quickMessages.companyId, caller.companyId), eq(quickMessages.id, id)))
      .returning();
    if (!row) return null;
    const record = presentQuickMessageRecord(row);
    events.add(quickMessageUpdated(record, ["mediaPath", "mediaName"], actorOf(caller)));
    return record;
  });
}

/** Stores the attachment under the company (replacing any earlier one). */
export async function attachQuickMessageMedia(ctx: AppContext, caller: Caller, id: number, file: MediaFile) {
  const before = await findEditableQuickMessage(ctx.db, caller, id);
  const stored = await ctx.media.save(caller.companyId, file.data, file.filename);
  const record = await saveMedia(ctx, caller, id, { mediaPath: stored.key, mediaName: stored.filename });
  if (!record) {
    await ctx.media.remove(caller.companyId, stored.key).catch(() => undefined);
    throw new AppError("ERR_NOT_FOUND", 404);
  }
  if (before.mediaPath && before.mediaPath !== stored.key) await ctx.media.remove(caller.companyId, before.mediaPath).catch(() => undefined);
  return record;
}

export async function detachQuickMessageMedia(ctx: AppContext, caller: Caller, id: number) {
  const before = await findEditableQuickMessage(ctx.db, caller, id);
  const record = await saveMedia(ctx, caller, id, { mediaPath: null, mediaName: null });
  if (!record) throw new AppError("ERR_NOT_FOUND", 404);
  if (before.mediaPath) await ctx.media.remove(caller.companyId, before.mediaPath).catch(() => undefined);
  return record;
}

/** The attachment's bytes, for a caller who may see the quick message. */
export async function readQuickMessageMedia(ctx: AppContext, caller: Caller, id: number) {
  const row = await findVisibleQuickMessage(ctx.db, caller, id);
  if (!row.mediaPath) throw new AppError("ERR_NOT_FOUND", 404);
  return { file: await ctx.media.open(caller.companyId, row.mediaPath), name: row.mediaName ?? "arquivo" };
}
