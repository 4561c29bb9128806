import type { QuickMessageBody } from "@balcao/common";
import { api } from "../../api/client";

/** A quick message as GET /quick-messages and the quickemessage events carry it. */
export interface QuickMessageRecord {
  id: number;
  shortcode: string;
  message: string;
  /** The attachment's authenticated address (fetched with the token), or null. */
  mediaPath: string | null;
  mediaName: string | null;
  geral: boolean;
  status: boolean;
  isMedia: boolean;
  userId: number | null;
  companyId: number;
}

export interface QuickMessagesPage {
  records: QuickMessageRecord[];
  count: number;
  hasMore: boolean;
}

export async function fetchQuickMessagesPage(searchParam: string, pageNumber: number, userId: number): Promise<QuickMessagesPage> {
  const { data } = await api.get<QuickMessagesPage>("/quick-messages", { params: { searchParam, pageNumber, userId } });
  return data;
}

export async function fetchQuickMessage(id: number): Promise<QuickMessageRecord> {
  const { data } = await api.get<QuickMessageRecord>(`/quick-messages/${id}`);
  return data;
}

export async function saveQuickMessage(id: number | null, body: QuickMessageBody): Promise<QuickMessageRecord> {
  const { data } = id ? await api.put<QuickMessageRecord>(`/quick-messages/${id}`, body) : await api.post<QuickMessageRecord>("/quick-messages", body);
  return data;
}

export const deleteQuickMessage = (id: number) => api.delete(`/quick-messages/${id}`);

/** Multipart as the spec's client sends it: typeArch 'quickMessage' and the file (spaces as underscores). */
export async function uploadQuickMessageMedia(id: number, file: File): Promise<QuickMessageRecord> {
  const form = new FormData();
  form.append("typeArch", "quickMessage");
  form.append("file", file, file.name.replace(/\s/g, "_"));
  const { data } = await api.post<{ record: QuickMessageRecord }>(`/quick-messages/${id}/media-upload`, form);
  return data.record;
}

export async function deleteQuickMessageMedia(id: number): Promise<QuickMessageRecord> {
  const { data } = await api.delete<{ record: QuickMessageRecord }>(`/quick-messages/${id}/media-upload`);
  return data.record;
}
