import { z } from "zod";
import { listQuery, optionalId } from "./common";
import { V } from "./messages";

/** Rows per page of GET /files. */
export const FILE_LISTS_PAGE_SIZE = 20;

/** Options one list holds, and so the files one upload carries. */
export const FILE_LIST_MAX_OPTIONS = 10;

/** One option's file: what WhatsApp takes as media. */
export const FILE_LIST_MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/**
 * What an option's file may be, by extension; the server checks the bytes too. Images, audio,
 * video and documents a customer opens on a phone.
 */
export const FILE_LIST_MEDIA_EXTENSIONS = [
  ".png",
  ".jpg",
  ".jpeg",
  ".gif",
  ".webp",
  ".mp3",
  ".ogg",
  ".oga",
  ".opus",
  ".wav",
  ".m4a",
  ".mp4",
  ".webm",
  ".pdf",
  ".txt",
  ".csv",
  ".doc",
  ".xls",
  ".ppt",
  ".docx",
  ".xlsx",
  ".pptx",
  ".odt",
  ".ods",
  ".zip",
] as const;
export const isFileListMediaName = (name: string) => FILE_LIST_MEDIA_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/**
 * GET /files: the page's `searchParam` and `pageNumber`; the campaign dialog sends only
 * `companyId` and gets every list (companyId itself is ignored: the caller's company is used).
 */
export const fileListsQuery = listQuery.extend({
  pageNumber: z.coerce.number({ error: V.invalidValue }).int(V.invalidValue).min(1, V.invalidValue).max(1_000_000, V.invalidValue).optional(),
  companyId: z.unknown().optional(),
});
export type FileListsQuery = z.infer<typeof fileListsQuery>;

/** One option of the body: its id when it is stored already, and its name ('Obrigatório'). */
export const fileListOptionBody = z.object({
  id: optionalId,
  name: z.string({ error: V.requiredPt }).trim().min(1, V.requiredPt).max(200, V.tooLong),
  // the stored file changes only through POST /files/uploadList/:id
  path: z.unknown().optional(),
  mediaType: z.unknown().optional(),
  fileId: z.unknown().optional(),
});
export type FileListOptionBody = z.infer<typeof fileListOptionBody>;

/**
 * POST /files and PUT /files/:id (administration §5): name at least 3 ('nome muito curto') and
 * required, message required. `options` in the order they stand; on PUT, a stored option left out
 * is removed with its file. userId and companyId are ignored: the caller's own are used.
 */
export const fileListBody = z.object({
  name: z.string({ error: V.requiredPt }).trim().min(1, V.requiredPt).min(3, V.nameTooShortPt).max(100, V.tooLong),
  message: z.string({ error: V.requiredPt }).trim().min(1, V.requiredPt).max(10_000, V.tooLong),
  options: z
    .array(fileListOptionBody, { error: V.invalidValue })
    .max(FILE_LIST_MAX_OPTIONS, V.tooLong)
    .nullish()
    .transform((v) => v ?? []),
  userId: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type FileListBody = z.infer<typeof fileListBody>;
export type FileListFormInput = z.input<typeof fileListBody>;
