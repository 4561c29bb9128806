import type { ContactExportFormat, ContactImportResult, ContactView } from "@balcao/common";
import { api } from "../../api/client";

export interface ContactsPage {
  contacts: ContactView[];
  count: number;
  hasMore: boolean;
}

export async function fetchContactsPage(searchParam: string, pageNumber: number): Promise<ContactsPage> {
  const { data } = await api.get<ContactsPage>("/contacts", { params: { searchParam: searchParam || undefined, pageNumber } });
  return data;
}

export async function deleteContact(id: number): Promise<void> {
  await api.delete(`/contacts/${id}`);
}

/**
 * Sends the spreadsheet as multipart `file`. The XHR transport is used here because it reports
 * upload progress over HTTP/1.1 (a streamed fetch upload needs HTTP/2).
 */
export async function importContacts(file: File, onProgress: (percent: number) => void): Promise<ContactImportResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  const { data } = await api.post<ContactImportResult>("/contacts/import", form, {
    adapter: "xhr",
    onUploadProgress: (event) => onProgress(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
  });
  return data;
}

/** The company's contacts as a spreadsheet, saved by the browser under the server's file name. */
export async function downloadContacts(format: ContactExportFormat): Promise<void> {
  const response = await api.get<Blob>("/contacts/export", { params: { format }, responseType: "blob" });
  const disposition = String(response.headers["content-disposition"] ?? "");
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `contacts.${format}`;
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
