import type { FastifyRequest } from "fastify";
import { and, eq, max } from "drizzle-orm";
import { FILE_LIST_MAX_OPTIONS, FILE_LIST_MEDIA_EXTENSIONS, FILE_LIST_MEDIA_MAX_BYTES, MAX_ID, isFileListMediaName } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { fileListOptions } from "../../db/schema";
import { AppError } from "../../http/errors";
import { readForm } from "../../http/multipartForm";
import { contentKindOf, type ContentKind } from "../../media/contentKind";
import type { StoredMedia } from "../../media/store";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { fileListUpdated } from "./events";
import { presentFileListOption, type FileListOptionRow } from "./present";
import { findFileList, presentStored, removeFiles } from "./service";

const invalid = (field: string, message: string) => new AppError("ERR_VALIDATION", 400, { field, message: `${field}: ${message}` });

/** The most a request may carry: the files and their fields, with room for the form's own. */
export const UPLOAD_BODY_LIMIT = FILE_LIST_MAX_OPTIONS * FILE_LIST_MEDIA_MAX_BYTES + 1024 * 1024;
const MAX_FIELDS = 3 * FILE_LIST_MAX_OPTIONS + 10;
const MAX_NAME = 200;

/** One uploaded file, stored already under the company, and what its bytes are. */
interface StoredUpload extends StoredMedia {
  kind: ContentKind;
}

/** POST /files/uploadList/:id as the spec's client sends it: per option its file, mediaType, name and id. */
export interface OptionUploads {
  files: StoredUpload[];
  ids: string[];
  names: string[];
  fileId?: string;
  typeArch?: string;
}

/** The multipart plugin's limits, as what they are: the caller's mistakes. */
function limitError(err: unknown) {
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return invalid("files", "Too Long!");
  if (code === "FST_FILES_LIMIT") return invalid("files", "Too Long!");
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return invalid("body", "Too Long!");
  return err;
}

/**
 * Reads the form, storing each file under the caller's company as it arrives (one in memory at a
 * time), after checking its name and its bytes agree on an accepted kind and it is within the size.
 * When anything is wrong, the files stored so far are removed and the error names the field.
 */
export async function readOptionUploads(ctx: AppContext, caller: Caller, request: FastifyRequest): Promise<OptionUploads> {
  if (!request.isMultipart()) throw invalid("files", "Required");
  const read: OptionUploads = { files: [], ids: [], names: [] };
  try {
    await readForm(
      request,
      async (parts) => {
        try {
          for await (const part of parts) {
            if (part.type === "file") {
              if (part.fieldname !== "files" || !isFileListMediaName(part.filename)) {
                part.file.resume(); // drain it: the reply goes out once the request is read
                throw invalid("files", "Invalid value");
              }
              const data = await part.toBuffer();
              // busboy marks the cut after handing over the last piece: a file that overflows in it is cut all the same
              if (part.file.truncated) throw invalid("files", "Too Long!");
              const kind = contentKindOf(data, part.filename, FILE_LIST_MEDIA_EXTENSIONS);
              if (!kind) throw invalid("files", "Invalid value");
              read.files.push({ ...(await ctx.media.save(caller.companyId, data, part.filename)), kind });
              continue;
            }
            // mediaType is what the browser guessed (the bytes say what the file is); other fields are not read
            if (!["id", "name", "fileId", "typeArch"].includes(part.fieldname)) continue;
            // a field sent as JSON arrives parsed: only text (or a number) is one of these
            const value = typeof part.value === "number" ? String(part.value) : part.value;
            if (typeof value !== "string") throw invalid(part.fieldname, "Invalid value");
            if (part.fieldname === "id") read.ids.push(value);
            else if (part.fieldname === "name") read.names.push(value);
            else if (part.fieldname === "fileId") read.fileId = value;
            else read.typeArch = value;
          }
        } catch (err) {
          throw limitError(err);
        }
      },
      { limits: { fileSize: FILE_LIST_MEDIA_MAX_BYTES, files: FILE_LIST_MAX_OPTIONS, fields: MAX_FIELDS } },
    );
    if (!read.files.length) throw invalid("files", "Required");
    return read;
  } catch (err) {
    await removeFiles(
      ctx,
      caller.companyId,
      read.files.map((f) => ({ mediaPath: f.key })),
    );
    throw err;
  }
}

/** An option's id as the form sends it: empty (or the client's "undefined") for a new option. */
function optionIdOf(text: string | undefined): number | null {
  const trimmed = text?.trim() ?? "";
  if (trimmed === "" || trimmed === "undefined" || trimmed === "null") return null;
  const id = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw invalid("id", "Invalid value");
  return id;
}

/**
 * Puts each uploaded file on its option, paired by position: the n-th file goes to the n-th id
 * (replacing the file it had), or, without an id, to a new option named by the n-th name. An id
 * this list does not hold is not found, and then nothing changes. Answers the list and the options
 * that got a file.
 */
export async function attachOptionFiles(ctx: AppContext, caller: Caller, fileListId: number, uploads: OptionUploads) {
  const stored = uploads.files;
  try {
    if (uploads.typeArch !== undefined && uploads.typeArch !== "fileList") throw invalid("typeArch", "Invalid value");
    if (uploads.fileId !== undefined && uploads.fileId.trim() !== "" && uploads.fileId.trim() !== String(fileListId)) throw invalid("fileId", "Invalid value");
    const targets = stored.map((_, i) => optionIdOf(uploads.ids[i]));
    const names = stored.map((file, i) => (uploads.names[i]?.trim() || file.filename).slice(0, MAX_NAME));

    const { record, touched, replaced } = await command(ctx, async (tx, events) => {
      const list = await findFileList(tx, caller, fileListId);
      const replaced: FileListOptionRow[] = [];
      const touched: FileListOptionRow[] = [];
      const [{ last }] = await tx
        .select({ last: max(fileListOptions.position) })
        .from(fileListOptions)
        .where(eq(fileListOptions.fileId, fileListId));
      let next = (last ?? -1) + 1;
      for (const [i, file] of stored.entries()) {
        const media = { mediaPath: file.key, mediaName: file.filename, mediaType: file.kind.mimetype };
        const id = targets[i];
        if (id === null) {
          const [row] = await tx
            .insert(fileListOptions)
            .values({ companyId: caller.companyId, fileId: fileListId, name: names[i], position: next++, ...media })
            .returning();
          touched.push(row);
          continue;
        }
        const where = and(eq(fileListOptions.companyId, caller.companyId), eq(fileListOptions.fileId, fileListId), eq(fileListOptions.id, id));
        const [before] = await tx.select().from(fileListOptions).where(where).for("update");
        if (!before) throw new AppError("ERR_NOT_FOUND", 404);
        const [row] = await tx.update(fileListOptions).set(media).where(where).returning();
        // the file it had (one sent earlier in this same request included) is held by nothing now
        if (before.mediaPath) replaced.push(before);
        touched.push(row);
      }
      const record = await presentStored(tx, list);
      events.add(fileListUpdated(record, ["options"], actorOf(caller)));
      return { record, touched, replaced };
    });
    await removeFiles(ctx, caller.companyId, replaced);
    return { record, files: touched.map(presentFileListOption) };
  } catch (err) {
    await removeFiles(
      ctx,
      caller.companyId,
      stored.map((f) => ({ mediaPath: f.key })),
    );
    throw err;
  }
}
