import type { FastifyRequest } from "fastify";
import { CONTACT_IMPORT_MAX_BYTES } from "@balcao/common";
import { AppError } from "../../http/errors";
import { fileProblem, type UploadedFile } from "./spreadsheet";

/** The file plus the multipart envelope. */
export const IMPORT_BODY_LIMIT = CONTACT_IMPORT_MAX_BYTES + 1024 * 1024;

const MAX_MEGABYTES = CONTACT_IMPORT_MAX_BYTES / 1024 / 1024;

/** The spreadsheet: the first file of the form (the web sends it as `file`); other parts are drained and ignored. */
export async function readUploadedSpreadsheet(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw fileProblem("missing", "Required");
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: CONTACT_IMPORT_MAX_BYTES } })) {
      if (part.type !== "file") continue;
      if (file) {
        part.file.resume();
        continue;
      }
      file = { data: await part.toBuffer(), filename: part.filename ?? "", mimetype: part.mimetype ?? "" };
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw fileProblem("tooLarge", `At most ${MAX_MEGABYTES} MB`);
    throw fileProblem("unreadable", "The upload could not be read");
  }
  if (!file) throw fileProblem("missing", "Required");
  return file;
}
