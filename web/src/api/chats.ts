import type { Chat, ChatEventPayload, ChatMessage, ChatMessagesPage, ChatsPage } from "@balcao/common";
import { api } from "./client";

export type { Chat, ChatMessage, ChatMessagesPage, ChatsPage } from "@balcao/common";
/** What the company chat event and the per-user channel carry. */
export type ChatEvent = ChatEventPayload;

export async function fetchChats(searchParam: string, pageNumber: number): Promise<ChatsPage> {
  const { data } = await api.get<ChatsPage>("/chats/", { params: { searchParam, pageNumber } });
  return data;
}

export async function fetchChat(idOrUuid: string): Promise<Chat> {
  const { data } = await api.get<Chat>(`/chats/${encodeURIComponent(idOrUuid)}`);
  return data;
}

/** The body as the spec's client sends it: members as `{ id }`. */
export async function saveChat(id: number | null, body: { title: string; users: { id: number }[] }): Promise<Chat> {
  const { data } = id ? await api.put<Chat>(`/chats/${id}`, body) : await api.post<Chat>("/chats", body);
  return data;
}

export const deleteChat = (id: number) => api.delete(`/chats/${id}`);

export async function fetchChatMessages(chatId: number, pageNumber: number): Promise<ChatMessagesPage> {
  const { data } = await api.get<ChatMessagesPage>(`/chats/${chatId}/messages`, { params: { pageNumber } });
  return data;
}

/** Text as JSON; with a file, multipart with the text and the file under `medias` (spaces as underscores). */
export async function sendChatMessage(chatId: number, message: string, file: File | null): Promise<ChatMessage> {
  if (!file) {
    const { data } = await api.post<ChatMessage>(`/chats/${chatId}/messages`, { message });
    return data;
  }
  const form = new FormData();
  form.append("message", message);
  form.append("medias", file, file.name.replace(/\s/g, "_"));
  const { data } = await api.post<ChatMessage>(`/chats/${chatId}/messages`, form);
  return data;
}

export async function markChatRead(chatId: number, userId: number): Promise<Chat> {
  const { data } = await api.post<Chat>(`/chats/${chatId}/read`, { userId });
  return data;
}
