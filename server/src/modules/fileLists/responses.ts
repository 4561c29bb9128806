import { z } from "zod";
import { file, id, messageAnswer, looseEntity, page, timestamp } from "../../http/responses/shapes";

/** One option of a file list; path is its file's authenticated address (null until uploaded). */
export const fileListOption = looseEntity({
  id,
  fileId: id,
  name: z.string(),
  path: z.string().nullable().meta({ description: "Where the file is read, with the bearer token; null until uploaded." }),
  mediaName: z.string().nullable(),
  mediaType: z.string().nullable(),
});

/** A file list with its options in their order. */
export const fileListRecord = looseEntity({
  id,
  name: z.string(),
  message: z.string(),
  userId: id.nullable(),
  companyId: id,
  options: z.array(fileListOption),
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ description: "A file list: a name, a message and its options' files." });

export const fileListsPage = page("files", fileListRecord).meta({
  description: "A page of the company's file lists (every list when no page number is asked).",
});

export const fileListDeleted = messageAnswer;

/** The list after an upload, with the options whose files were stored. */
export const fileListUploadAnswer = looseEntity({
  message: z.string(),
  files: z.array(fileListOption),
  record: fileListRecord,
}).meta({ description: "The options whose files were stored, and the whole list after the upload." });

export const fileListOptionMedia = file;
