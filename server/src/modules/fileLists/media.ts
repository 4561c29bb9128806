import { and, asc, eq, isNotNull } from "drizzle-orm";
import type { AppContext, Caller } from "../../context";
import type { MediaFile } from "../../channels/contract";
import { fileListOptions, fileLists } from "../../db/schema";
import { AppError } from "../../http/errors";

/** An option's stored file, for a caller of the list's company. */
export async function readOptionMedia(ctx: AppContext, caller: Caller, optionId: number) {
  const [row] = await ctx.db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, caller.companyId), eq(fileListOptions.id, optionId)));
  if (!row?.mediaPath) throw new AppError("ERR_NOT_FOUND", 404);
  return {
    file: await ctx.media.open(caller.companyId, row.mediaPath),
    name: row.mediaName ?? "arquivo",
    mimetype: row.mediaType ?? "application/octet-stream",
  };
}

/** One file of a list, ready for a channel to send. */
export interface FileListMedia {
  optionId: number;
  /** The option's name, as the admin wrote it. */
  name: string;
  file: MediaFile;
}

/**
 * A list's message and its options' files in their order, read from the company's media: what a
 * campaign sends after its own text. Options without a file are left out; a list of another
 * company (or none) is null.
 */
export async function fileListMedia(ctx: AppContext, companyId: number, fileListId: number): Promise<{ id: number; name: string; message: string; files: FileListMedia[] } | null> {
  const [list] = await ctx.db
    .select()
    .from(fileLists)
    .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, fileListId)));
  if (!list) return null;
  const options = await ctx.db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.companyId, companyId), eq(fileListOptions.fileId, fileListId), isNotNull(fileListOptions.mediaPath)))
    .orderBy(asc(fileListOptions.position), asc(fileListOptions.id));
  const files: FileListMedia[] = [];
  for (const o of options) {
    const data = await ctx.media.read(companyId, o.mediaPath!);
    files.push({ optionId: o.id, name: o.name, file: { data, filename: o.mediaName ?? "arquivo", mimetype: o.mediaType ?? "application/octet-stream" } });
  }
  return { id: list.id, name: list.name, message: list.message, files };
}
