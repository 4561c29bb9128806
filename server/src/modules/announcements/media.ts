import type { FastifyRequest } from "fastify";
import { eq } from "drizzle-orm";
import { ANNOUNCEMENT_MEDIA_MAX_BYTES, isAnnouncementMediaName } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { announcements } from "../../db/schema";
import { AppError } from "../../http/errors";
import { readForm } from "../../http/multipartForm";
import { imageKindOf } from "../../media/contentKind";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { announcementUpdated } from "./events";
import { presentAnnouncement } from "./present";
import { findVisibleAnnouncement } from "./service";

const fileError = (message: string) => new AppError("ERR_VALIDATION", 400, { field: "file", message: `file: ${message}` });

/** The name's extension and the bytes must agree: a .png is a PNG, a .jpg or .jpeg a JPEG. */
const nameFits = (name: string, kind: "png" | "jpeg") => (kind === "png" ? /\.png$/i.test(name) : /\.jpe?g$/i.test(name));

/** The one image of POST /announcements/:id/media-upload (field `file`): .png, .jpg or .jpeg, 5 MB at most. */
export async function readAnnouncementImage(request: FastifyRequest) {
  if (!request.isMultipart()) throw fileError("Required");
  const image = await readForm(
    request,
    async (parts) => {
      for await (const part of parts) {
        if (part.type !== "file") continue;
        if (!isAnnouncementMediaName(part.filename)) {
          part.file.resume(); // drain it: the reply goes out once the request is read
          throw fileError("Invalid value");
        }
        const data = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === "FST_REQ_FILE_TOO_LARGE") throw fileError("Too Long!");
          throw err;
        });
        // busboy marks the cut after handing over the last piece: a file that overflows in it is cut all the same
        if (part.file.truncated) throw fileError("Too Long!");
        return { data, filename: part.filename };
      }
      return null;
    },
    { limits: { fileSize: ANNOUNCEMENT_MEDIA_MAX_BYTES, files: 1 } },
  );
  if (!image || image.data.length === 0) throw fileError("Required");
  const kind = imageKindOf(image.data);
  if (!kind || !nameFits(image.filename, kind)) throw fileError("Invalid value");
  return image;
}

type MediaColumns = { mediaPath: string | null; mediaName: string | null; mediaCompanyId: number | null };

/** The attachment's columns changed in one command; null when the announcement is gone meanwhile. */
function saveMedia(ctx: AppContext, caller: Caller, id: number, media: MediaColumns) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx.update(announcements).set(media).where(eq(announcements.id, id)).returning();
    if (!row) return null;
    const record = presentAnnouncement(row);
    events.add(announcementUpdated(record, ["mediaPath", "mediaName"], actorOf(caller)));
    return record;
  });
}

const removeStored = (ctx: AppContext, row: MediaColumns) => (row.mediaPath && row.mediaCompanyId !== null ? ctx.media.remove(row.mediaCompanyId, row.mediaPath).catch(() => undefined) : undefined);

/** Stores the image under the super user's company (replacing any earlier one). */
export async function attachAnnouncementMedia(ctx: AppContext, caller: Caller, id: number, image: { data: Buffer; filename: string }) {
  const before = await findVisibleAnnouncement(ctx.db, caller, id);
  const stored = await ctx.media.save(caller.companyId, image.data, image.filename);
  const record = await saveMedia(ctx, caller, id, { mediaPath: stored.key, mediaName: stored.filename, mediaCompanyId: caller.companyId });
  if (!record) {
    await ctx.media.remove(caller.companyId, stored.key).catch(() => undefined);
    throw new AppError("ERR_NOT_FOUND", 404);
  }
  if (before.mediaPath !== stored.key) await removeStored(ctx, before);
  return record;
}

export async function detachAnnouncementMedia(ctx: AppContext, caller: Caller, id: number) {
  const before = await findVisibleAnnouncement(ctx.db, caller, id);
  const record = await saveMedia(ctx, caller, id, { mediaPath: null, mediaName: null, mediaCompanyId: null });
  if (!record) throw new AppError("ERR_NOT_FOUND", 404);
  await removeStored(ctx, before);
  return record;
}

/** The image's bytes, for any signed-in caller who may read the announcement (platform data). */
export async function readAnnouncementMedia(ctx: AppContext, caller: Caller, id: number) {
  const row = await findVisibleAnnouncement(ctx.db, caller, id);
  if (!row.mediaPath || row.mediaCompanyId === null) throw new AppError("ERR_NOT_FOUND", 404);
  return { file: await ctx.media.open(row.mediaCompanyId, row.mediaPath), name: row.mediaName ?? "imagem" };
}
