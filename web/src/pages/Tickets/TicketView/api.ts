import { api } from "../../../api/client";
import type { MessagesPage, MessageView, QuickMessage, Tag, TicketNote, TicketView } from "./types";
import type { WhatsappTemplateView } from "@balcao/common";

/** Cache keys of the ticket view; socket handlers write to the same entries. */
export const ticketViewKeys = {
  ticket: (uuid: string) => ["tickets", "uuid", uuid] as const,
  messages: (ticketId: number) => ["messages", ticketId] as const,
  notes: (ticketId: number, contactId: number) => ["ticketNotes", ticketId, contactId] as const,
  quickMessages: (companyId: number, userId: number) => ["quickMessages", companyId, userId] as const,
};

export async function fetchTicketByUuid(uuid: string): Promise<TicketView> {
  const { data } = await api.get<TicketView>(`/tickets/u/${encodeURIComponent(uuid)}`);
  return data;
}

export const deleteTicket = (id: number) => api.delete(`/tickets/${id}`);

export async function fetchMessages(ticketId: number, pageNumber: number): Promise<MessagesPage> {
  const { data } = await api.get<MessagesPage>(`/messages/${ticketId}`, { params: { pageNumber } });
  return data;
}

export interface TextMessage {
  body: string;
  fromMe: true;
  quotedMsg?: { id: number };
}

export const sendTextMessage = (ticketId: number, body: TextMessage) => api.post(`/messages/${ticketId}`, body);

/** A Cloud API message template of the ticket's connection, as last read from Graph. */
export async function fetchTemplates(whatsappId: number): Promise<WhatsappTemplateView[]> {
  const { data } = await api.get<WhatsappTemplateView[]>(`/whatsapp/${whatsappId}/templates`);
  return data;
}

/** Sends an approved template: `variables` fill its body's {{1}}, {{2}}…, `headerVariables` a text header's. */
export const sendTemplateMessage = (ticketId: number, template: { name: string; language: string; variables: string[]; headerVariables: string[]; buttonVariables: string[]; headerMediaUrl?: string }) =>
  api.post(`/messages/${ticketId}`, { template });

/** Multipart send: every file under `medias`, spaces in names replaced with underscores. */
export function sendMediaMessage(ticketId: number, files: File[], body: string, quotedMsgId?: number) {
  const form = new FormData();
  form.append("fromMe", "true");
  form.append("body", body);
  if (quotedMsgId) form.append("quotedMsgId", String(quotedMsgId));
  for (const file of files) form.append("medias", file, safeFileName(file.name));
  return api.post(`/messages/${ticketId}`, form);
}

export const safeFileName = (name: string) => name.replace(/\s/g, "_");

export const deleteMessage = (id: number) => api.delete(`/messages/${id}`);
export const retryMessage = (id: number) => api.post(`/messages/${id}/retry`);
/** The attendant's reaction to a message; "" takes it back. Answers the message with its reactions. */
export const reactToMessage = async (id: number, emoji: string) => (await api.post<MessageView>(`/messages/${id}/reaction`, { emoji })).data;

/** Media are never public: fetched with the bearer token and shown from an object URL. */
export async function fetchBlob(url: string): Promise<Blob> {
  const { data } = await api.get<Blob>(url, { responseType: "blob" });
  return data;
}

export async function createTag(name: string): Promise<Tag> {
  const { data } = await api.post<Tag>("/tags", { name });
  return data;
}

export const syncTags = (ticketId: number, tags: { id: number }[]) => api.post("/tags/sync", { ticketId, tags: tags.map(({ id }) => ({ id })) });

export async function fetchNotes(ticketId: number, contactId: number): Promise<TicketNote[]> {
  const { data } = await api.get<TicketNote[]>("/ticket-notes/list", { params: { ticketId, contactId } });
  return data;
}

export async function createNote(body: { note: string; ticketId: number; contactId: number }): Promise<TicketNote> {
  const { data } = await api.post<TicketNote>("/ticket-notes", body);
  return data;
}

export const deleteNote = (id: number) => api.delete(`/ticket-notes/${id}`);

export async function fetchQuickMessages(companyId: number, userId: number): Promise<QuickMessage[]> {
  const { data } = await api.get<QuickMessage[]>("/quick-messages/list", { params: { companyId, userId } });
  return data;
}
