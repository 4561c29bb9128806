import type { FileListBody } from "@balcao/common";
import { api } from "../../api/client";
import type { RecordsPage } from "../../hooks/useLiveRecordPages";

/** One option of a list: its name and, once uploaded, its file (read with the token at `path`). */
export interface FileListOption {
  id: number;
  fileId: number;
  name: string;
  /** The file's authenticated address, or null until one is uploaded. */
  path: string | null;
  mediaName: string | null;
  /** The file's MIME type, read from its bytes. */
  mediaType: string | null;
}

/** A file list as GET /files and the `file` events carry it. */
export interface FileListRecord {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  companyId: number;
  options: FileListOption[];
}

/** GET /files with searchParam and pageNumber answers `files`; the list hook reads them as records. */
export async function fetchFileListsPage(searchParam: string, pageNumber: number): Promise<RecordsPage<FileListRecord>> {
  const { data } = await api.get<{ files: FileListRecord[]; count: number; hasMore: boolean }>("/files/", { params: { searchParam, pageNumber } });
  return { records: data.files, count: data.count, hasMore: data.hasMore };
}

export async function fetchFileList(id: number): Promise<FileListRecord> {
  const { data } = await api.get<FileListRecord>(`/files/${id}`);
  return data;
}

/** POST /files or PUT /files/:id with name, message, options and the user's id (as the spec's client sends them). */
export async function saveFileList(id: number | null, body: FileListBody, userId: number): Promise<FileListRecord> {
  const payload = { ...body, userId };
  const { data } = id ? await api.put<FileListRecord>(`/files/${id}`, payload) : await api.post<FileListRecord>("/files", payload);
  return data;
}

export const deleteFileList = (id: number) => api.delete(`/files/${id}`);

/** A chosen file and the stored option it goes to. */
export interface OptionUpload {
  option: Pick<FileListOption, "id" | "name">;
  file: File;
}

/**
 * POST /files/uploadList/:id as the spec's client sends it: fileId, typeArch 'fileList', then per
 * option its file (spaces as underscores), mediaType, name and id.
 */
export async function uploadOptionFiles(listId: number, uploads: OptionUpload[]): Promise<FileListRecord> {
  const form = new FormData();
  form.append("fileId", String(listId));
  form.append("typeArch", "fileList");
  for (const { option, file } of uploads) {
    form.append("files", file, file.name.replace(/\s/g, "_"));
    form.append("mediaType", file.type);
    form.append("name", option.name);
    form.append("id", String(option.id));
  }
  const { data } = await api.post<{ record: FileListRecord }>(`/files/uploadList/${listId}`, form);
  return data.record;
}

/** An option's file, read with the bearer token and handed to the browser as a download. */
export async function downloadOptionFile(option: Pick<FileListOption, "path" | "mediaName">) {
  if (!option.path) return;
  const { data } = await api.get<Blob>(option.path, { responseType: "blob" });
  const url = URL.createObjectURL(data);
  const link = document.createElement("a");
  link.href = url;
  link.download = option.mediaName ?? "arquivo";
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
