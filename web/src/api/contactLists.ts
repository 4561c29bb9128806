import type { ContactListImportResult, ContactListItemFormInput, ContactListItemRecord, ContactListRecord } from "@balcao/common";
import { api } from "./client";
import type { ListPage } from "./pagedList";

/** The lists page's cache key before its search; the list's own record; a list's items before their search. */
export const CONTACT_LISTS_PAGE_KEY = ["contactLists", "page"] as const;
export const contactListKey = (id: number) => ["contactLists", "record", id] as const;
export const contactListItemsKey = (contactListId: number) => ["contactListItems", contactListId] as const;

export async function fetchContactListsPage(searchParam: string, pageNumber: number): Promise<ListPage<ContactListRecord>> {
  const { data } = await api.get<{ records: ContactListRecord[]; count: number; hasMore: boolean }>("/contact-lists/", { params: { searchParam, pageNumber } });
  return { items: data.records, count: data.count, hasMore: data.hasMore };
}

export async function fetchContactList(id: number): Promise<ContactListRecord> {
  const { data } = await api.get<ContactListRecord>(`/contact-lists/${id}`);
  return data;
}

export async function saveContactList(id: number | null, name: string): Promise<ContactListRecord> {
  const { data } = id === null ? await api.post<ContactListRecord>("/contact-lists", { name }) : await api.put<ContactListRecord>(`/contact-lists/${id}`, { name });
  return data;
}

export async function deleteContactList(id: number): Promise<void> {
  await api.delete(`/contact-lists/${id}`);
}

/** The example spreadsheet, its headers in the reader's language, saved by the browser as planilha.xlsx. */
export async function downloadContactListExample(language: string): Promise<void> {
  const lang = ["pt", "en", "es"].includes(language) ? language : "pt";
  const response = await api.get<Blob>("/contact-lists/example", { params: { lang }, responseType: "blob" });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement("a");
  link.href = url;
  link.download = "planilha.xlsx";
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export async function fetchContactListItemsPage(contactListId: number, searchParam: string, pageNumber: number): Promise<ListPage<ContactListItemRecord>> {
  const { data } = await api.get<{ contacts: ContactListItemRecord[]; count: number; hasMore: boolean }>("/contact-list-items", { params: { searchParam, pageNumber, contactListId } });
  return { items: data.contacts, count: data.count, hasMore: data.hasMore };
}

export async function fetchContactListItem(id: number): Promise<ContactListItemRecord> {
  const { data } = await api.get<ContactListItemRecord>(`/contact-list-items/${id}`);
  return data;
}

/** Adds (id null) or edits a contact of the list. */
export async function saveContactListItem(id: number | null, contactListId: number, body: ContactListItemFormInput): Promise<ContactListItemRecord> {
  const payload = { ...body, contactListId };
  const { data } = id === null ? await api.post<ContactListItemRecord>("/contact-list-items", payload) : await api.put<ContactListItemRecord>(`/contact-list-items/${id}`, payload);
  return data;
}

export async function deleteContactListItem(id: number): Promise<void> {
  await api.delete(`/contact-list-items/${id}`);
}

/** Sends the spreadsheet (multipart `file`); `importId` tags the progress events the server sends while it imports. */
export async function uploadContactListFile(contactListId: number, file: File, importId: string, onUpload: (percent: number) => void): Promise<ContactListImportResult> {
  const form = new FormData();
  form.append("file", file, file.name);
  const { data } = await api.post<ContactListImportResult>(`/contact-lists/${contactListId}/upload`, form, {
    params: { importId },
    adapter: "xhr",
    onUploadProgress: (event) => onUpload(event.total ? Math.round((event.loaded / event.total) * 100) : 0),
  });
  return data;
}
