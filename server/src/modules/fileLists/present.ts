import type { fileListOptions, fileLists } from "../../db/schema";

export type FileListRow = typeof fileLists.$inferSelect;
export type FileListOptionRow = typeof fileListOptions.$inferSelect;

/** Where an option's file is read, with the bearer token (never a public folder). */
export const fileListOptionMediaUrl = (optionId: number) => `/media/files/options/${optionId}`;

/**
 * One option as the page, its dialog and the `file` event carry it. path is the file's
 * authenticated address (null until uploaded), never the stored key; mediaType its MIME type.
 */
export function presentFileListOption(o: FileListOptionRow) {
  return { id: o.id, fileId: o.fileId, name: o.name, path: o.mediaPath ? fileListOptionMediaUrl(o.id) : null, mediaName: o.mediaName, mediaType: o.mediaType };
}

/** A whole file list with its options in their order. */
export function presentFileList(f: FileListRow, options: FileListOptionRow[]) {
  return {
    id: f.id,
    name: f.name,
    message: f.message,
    userId: f.userId,
    companyId: f.companyId,
    options: options.map(presentFileListOption),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}
export type FileListRecord = ReturnType<typeof presentFileList>;
