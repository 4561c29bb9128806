import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import type { Chat, ChatMessage } from "./chats";
import { addChatMessage, chatKeys, dropChat, flattenChatMessages, flattenChats, putChat, removeChat, unreadChats, unreadsOf, upsertChat, type ChatListData, type ChatMessagesData } from "./chatCache";

const chat = (id: number, updatedAt: string, patch: Partial<Chat> = {}): Chat => ({
  id,
  uuid: `uuid-${id}`,
  title: `Chat ${id}`,
  ownerId: 1,
  lastMessage: "",
  createdAt: updatedAt,
  updatedAt,
  users: [
    { chatId: id, userId: 1, unreads: 0, user: { id: 1, name: "Ana" } },
    { chatId: id, userId: 2, unreads: 3, user: { id: 2, name: "Beto" } },
  ],
  ...patch,
});

const list = (...pages: Chat[][]): ChatListData => ({
  pages: pages.map((records) => ({ records, count: 3, hasMore: false })),
  pageParams: pages.map((_, i) => i + 1),
});

const message = (id: number, createdAt: string): ChatMessage => ({
  id,
  chatId: 1,
  senderId: 2,
  sender: { id: 2, name: "Beto" },
  message: `m${id}`,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  createdAt,
  updatedAt: createdAt,
});

describe("chat caches", () => {
  it("reads each member's own unread count", () => {
    const c = chat(1, "2026-01-01T10:00:00Z");
    expect(unreadsOf(c, 1)).toBe(0);
    expect(unreadsOf(c, 2)).toBe(3);
    expect(unreadsOf(c, 9)).toBe(0);
    expect(unreadChats([c, chat(2, "2026-01-01T10:00:00Z")], 2).map((x) => x.id)).toEqual([1, 2]);
    expect(unreadChats([c], 1)).toEqual([]);
  });

  it("brings a chat with a new message to the top, from whichever page held it, once", () => {
    const data = list([chat(1, "2026-01-03T00:00:00Z"), chat(2, "2026-01-02T00:00:00Z")], [chat(3, "2026-01-01T00:00:00Z")]);
    const next = upsertChat(data, chat(3, "2026-01-04T00:00:00Z", { lastMessage: "oi" }), "");
    expect(flattenChats(next).map((c) => c.id)).toEqual([3, 1, 2]);
    expect(flattenChats(next)[0].lastMessage).toBe("oi");
    expect(next?.pages[0].count).toBe(3);
  });

  it("adds a new chat that the search matches and leaves out one it does not", () => {
    const data = list([chat(1, "2026-01-03T00:00:00Z")]);
    expect(flattenChats(upsertChat(data, chat(5, "2026-01-05T00:00:00Z", { title: "Vendas" }), "vend")).map((c) => c.id)).toEqual([5, 1]);
    expect(flattenChats(upsertChat(data, chat(5, "2026-01-05T00:00:00Z", { title: "Suporte" }), "vend")).map((c) => c.id)).toEqual([1]);
    expect(upsertChat(data, chat(5, "2026-01-05T00:00:00Z"), "")?.pages[0].count).toBe(4);
  });

  it("takes a deleted chat out of the list", () => {
    const data = list([chat(1, "2026-01-03T00:00:00Z"), chat(2, "2026-01-02T00:00:00Z")]);
    expect(flattenChats(removeChat(data, 1)).map((c) => c.id)).toEqual([2]);
    expect(removeChat(data, 42)).toBe(data);
  });

  it("keeps messages oldest first, each once, when live ones overlap the pages", () => {
    const data: ChatMessagesData = {
      pages: [
        { records: [message(3, "2026-01-01T10:03:00Z"), message(4, "2026-01-01T10:04:00Z")], count: 4, hasMore: true },
        { records: [message(1, "2026-01-01T10:01:00Z"), message(2, "2026-01-01T10:02:00Z"), message(3, "2026-01-01T10:03:00Z")], count: 4, hasMore: false },
      ],
      pageParams: [1, 2],
    };
    const live = addChatMessage(data, message(5, "2026-01-01T10:05:00Z"));
    expect(flattenChatMessages(live).map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(addChatMessage(live, message(5, "2026-01-01T10:05:00Z"))).toBe(live);
  });

  it("does not let an answer older than the chat it holds undo a newer event", () => {
    const data = list([chat(1, "2026-01-03T00:00:00Z", { lastMessage: "nova" })]);
    expect(upsertChat(data, chat(1, "2026-01-02T00:00:00Z", { lastMessage: "velha" }), "")).toBe(data);
  });

  it("keeps a dropped chat out until a chat event brings it back", () => {
    const client = new QueryClient();
    client.setQueryData(chatKeys.list(""), list([chat(1, "2026-01-03T00:00:00Z")]));
    const ids = () => flattenChats(client.getQueryData<ChatListData>(chatKeys.list(""))).map((c) => c.id);
    dropChat(client, 1);
    expect(ids()).toEqual([]);
    putChat(client, chat(1, "2026-01-03T00:00:00Z")); // a read answered after the delete
    expect(ids()).toEqual([]);
    putChat(client, chat(1, "2026-01-04T00:00:00Z"), { revive: true }); // the user was added again
    expect(ids()).toEqual([1]);
  });
});
