import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import type { Chat, ChatMessage, ChatMessagesPage, ChatsPage } from "./chats";

/** Cache keys of the internal chat: the socket handlers write to the entries the screens read. */
export const chatKeys = {
  all: ["chats"] as const,
  lists: ["chats", "list"] as const,
  list: (searchParam: string) => ["chats", "list", searchParam] as const,
  chat: (idOrUuid: string) => ["chats", "one", idOrUuid] as const,
  messages: (chatId: number) => ["chats", "messages", chatId] as const,
};

export type ChatListData = InfiniteData<ChatsPage, number>;
export type ChatMessagesData = InfiniteData<ChatMessagesPage, number>;

/** The user's unread count in a chat (0 when not a member). */
export const unreadsOf = (chat: Pick<Chat, "users">, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

export const isMember = (chat: Pick<Chat, "users">, userId: number) => chat.users.some((u) => u.userId === userId);

/** An answer that left the server before the record we hold (a read racing a new message): not applied. */
const isOlder = (incoming: Chat, held: Chat) => Date.parse(incoming.updatedAt) < Date.parse(held.updatedAt);

const newerFirst = (a: Chat, b: Chat) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id;

const matches = (chat: Chat, search: string) => !search || chat.title.toLowerCase().includes(search.toLowerCase());

/**
 * A chat created or changed elsewhere: taken out of whichever page held it and put back in the first
 * page at its place by last update (a new message brings it to the top). Left out when the search excludes it.
 */
export function upsertChat(data: ChatListData | undefined, chat: Chat, search: string): ChatListData | undefined {
  if (!data || data.pages.length === 0) return data;
  const current = data.pages.flatMap((page) => page.records).find((r) => r.id === chat.id);
  if (current && isOlder(chat, current)) return data;
  const present = current !== undefined;
  const pages = data.pages.map((page) => ({ ...page, records: page.records.filter((r) => r.id !== chat.id) }));
  const keep = matches(chat, search);
  if (keep) pages[0] = { ...pages[0], records: [...pages[0].records, chat].sort(newerFirst) };
  const delta = (keep ? 1 : 0) - (present ? 1 : 0);
  if (delta !== 0) pages[0] = { ...pages[0], count: Math.max(0, pages[0].count + delta) };
  return { ...data, pages };
}

/** A deleted chat (or one the user left) leaves the list. */
export function removeChat(data: ChatListData | undefined, chatId: number): ChatListData | undefined {
  if (!data || !data.pages.some((page) => page.records.some((r) => r.id === chatId))) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      records: page.records.filter((r) => r.id !== chatId),
      count: index === 0 ? Math.max(0, page.count - 1) : page.count,
    })),
  };
}

/** Every loaded chat once, in the order the pages give them. */
export function flattenChats(data: { pages: ChatsPage[] } | undefined): Chat[] {
  const seen = new Set<number>();
  return (data?.pages ?? []).flatMap((page) => page.records).filter((chat) => !seen.has(chat.id) && seen.add(chat.id));
}

const byTime = (a: ChatMessage, b: ChatMessage) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id;

/** Every loaded message once, oldest first (page 1 is the newest; live messages shift pages, so they overlap). */
export function flattenChatMessages(data: { pages: ChatMessagesPage[] } | undefined): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const page of data?.pages ?? []) for (const message of page.records) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort(byTime);
}

/** A message arriving live (or the answer to our own send): added to the newest page once. */
export function addChatMessage(data: ChatMessagesData | undefined, message: ChatMessage): ChatMessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.records.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest, records: [...newest.records, message], count: newest.count + 1 }, ...older] };
}

/** Chats dropped from this cache: an answer still on its way (a read) must not bring one back. */
const dropped = new WeakMap<QueryClient, Set<number>>();
const droppedOf = (client: QueryClient) => {
  let set = dropped.get(client);
  if (!set) dropped.set(client, (set = new Set()));
  return set;
};

/**
 * Writes a chat into every cached list (each with its own search) and its own entries. Only the
 * server's chat events (`revive`) bring back a chat this user left or that was deleted: the user was added again.
 */
export function putChat(client: QueryClient, chat: Chat, { revive = false } = {}) {
  if (droppedOf(client).has(chat.id)) {
    if (!revive) return;
    droppedOf(client).delete(chat.id);
  }
  for (const [key] of client.getQueriesData<ChatListData>({ queryKey: chatKeys.lists })) {
    const search = typeof key[2] === "string" ? key[2] : "";
    client.setQueryData<ChatListData>(key, (data) => upsertChat(data, chat, search));
  }
  for (const id of [String(chat.id), chat.uuid]) client.setQueryData<Chat>(chatKeys.chat(id), (old) => (old && !isOlder(chat, old) ? chat : old));
}

/** Takes a chat out of every list and forgets its entries. */
export function dropChat(client: QueryClient, chatId: number) {
  droppedOf(client).add(chatId);
  client.setQueriesData<ChatListData>({ queryKey: chatKeys.lists }, (data) => removeChat(data, chatId));
  const uuid = client
    .getQueriesData<Chat>({ queryKey: ["chats", "one"] })
    .map(([, chat]) => chat)
    .find((chat) => chat?.id === chatId)?.uuid;
  for (const id of [String(chatId), uuid]) if (id) client.removeQueries({ queryKey: chatKeys.chat(id), exact: true });
  client.removeQueries({ queryKey: chatKeys.messages(chatId), exact: true });
}

/** The chats with unread messages for this user among those loaded. */
export const unreadChats = (chats: Chat[], userId: number) => chats.filter((chat) => unreadsOf(chat, userId) > 0);
