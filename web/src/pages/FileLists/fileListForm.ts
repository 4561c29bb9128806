import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { FILE_LIST_MEDIA_MAX_BYTES, fileListBody, isFileListMediaName, V, type FileListBody } from "@balcao/common";
import i18n from "../../i18n";
import { translateValidation } from "../../i18n/validation";
import type { FileListOption, FileListRecord } from "./fileListsApi";

/** One option row of the dialog: a stored option (with its id and file) or a new one, and a file chosen now. */
export interface FileOptionRow {
  id: number | null;
  name: string;
  /** The stored file, when the option has one. */
  stored: Pick<FileListOption, "path" | "mediaName"> | null;
  /** A file chosen now, uploaded once the list is saved (replacing the stored one). */
  file: File | null;
}

export interface FileListFormValues {
  name: string;
  message: string;
  options: FileOptionRow[];
}

export const emptyOptionRow = (): FileOptionRow => ({ id: null, name: "", stored: null, file: null });

/** A new list starts with one empty option, ready for its file. */
export const emptyFileListForm = (): FileListFormValues => ({ name: "", message: "", options: [emptyOptionRow()] });

export const toFileListFormValues = (record: FileListRecord): FileListFormValues => ({
  name: record.name,
  message: record.message,
  options: record.options.map((o) => ({ id: o.id, name: o.name, stored: o.path ? { path: o.path, mediaName: o.mediaName } : null, file: null })),
});

/** Validation by the API's own schema (name 'nome muito curto', 'Obrigatório'), so the form and the server agree. */
export const fileListResolver = zodResolver(fileListBody) as unknown as Resolver<FileListFormValues, unknown, FileListBody>;

/** The schema's messages in the user's language ('nome muito curto' and 'Obrigatório' are the spec's own Portuguese). */
export function fileListErrorText(message: string | undefined) {
  if (message === V.requiredPt) return i18n.t("fileLists.dialog.required");
  if (message === V.nameTooShortPt) return i18n.t("fileLists.dialog.nameTooShort");
  return translateValidation(message);
}

/** Why a chosen file cannot be an option's file, in the user's words; null takes it. */
export function refuseOptionFile(file: Pick<File, "name" | "size">): string | null {
  if (!isFileListMediaName(file.name)) return i18n.t("fileLists.dialog.wrongType");
  if (file.size > FILE_LIST_MEDIA_MAX_BYTES) return i18n.t("fileLists.dialog.tooLarge");
  return null;
}

/** The name an option gets from its file when it has none yet: the file's name without its extension. */
export const nameFromFile = (fileName: string) => fileName.replace(/\.[^.]+$/, "").slice(0, 200);

/** The chosen files, each with the stored option it goes to: the saved list answers its options in the form's order. */
export function pendingUploads(rows: readonly FileOptionRow[], saved: FileListRecord) {
  return rows.flatMap((row, i) => (row.file && saved.options[i] ? [{ option: saved.options[i], file: row.file }] : []));
}
