import { chatEvent, chatUserEvent, companyEvent, rooms, type Chat, type ChatEventPayload, type ChatMessage } from "@balcao/common";
import type { AppContext } from "../../context";
import type { DomainEvent, Listener } from "../../events/types";
import { readChat, readChatMessage } from "../../modules/chats/present";
import { idOf, subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["chat.created", "chat.updated", "chat.read", "chat.deleted", "chatMessage.created"]);

const idsIn = (event: DomainEvent, key: string): number[] => {
  const value = event.data[key];
  return Array.isArray(value) ? value.filter((v): v is number => Number.isSafeInteger(v) && v > 0) : [];
};

/**
 * Sends one action to the given members only, never to the whole company: the company's chat event
 * and each member's own channel into their user rooms, and (`perChat`) the chat's channel.
 */
function toMembers(ctx: AppContext, companyId: number, chatId: number, memberIds: number[], payload: ChatEventPayload, perChat: boolean, mentioned?: Set<number>) {
  const io = ctx.realtime.server;
  if (!io || memberIds.length === 0) return;
  const userRooms = memberIds.map((id) => rooms.user(companyId, id));
  io.to(userRooms).emit(companyEvent(companyId, "chat"), payload);
  if (perChat) io.to(userRooms).emit(chatEvent(companyId, chatId), payload);
  for (const userId of memberIds) {
    const own = payload.action === "new-message" ? { ...payload, mentioned: mentioned?.has(userId) ?? false } : payload;
    io.to(rooms.user(companyId, userId)).emit(chatUserEvent(companyId, userId), own);
  }
}

const membersOf = (chat: Chat) => chat.users.map((u) => u.userId);

/**
 * Internal chat to its members' sockets (administration §4): `company-{id}-chat`, the per-user
 * `company-{id}-chat-user-{userId}` and the per-chat `company-{id}-chat-{chatId}`, with the actions
 * create, update, new-message and delete. A member taken out of a chat gets a delete at once; a
 * redelivered event reads the chat as it is now, so it reaches only the members of now.
 */
export const chatsRealtime: Listener = {
  name: "realtime.chats",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "chatId");
    if (!subject) return;
    const { companyId, id: chatId } = subject;
    if (event.type === "chat.deleted") return toMembers(ctx, companyId, chatId, idsIn(event, "memberIds"), { action: "delete", chatId }, false);

    const chat = await viewOf<Chat>(event, "chat", () => readChat(ctx.db, companyId, chatId));
    if (!chat) return; // deleted since: its own event tells the members
    if (event.type === "chat.read") {
      const reader = idOf(event, "userId");
      if (reader !== null && membersOf(chat).includes(reader)) toMembers(ctx, companyId, chatId, [reader], { action: "update", chat }, true);
      return;
    }
    if (event.type === "chat.created") return toMembers(ctx, companyId, chatId, membersOf(chat), { action: "create", chat }, false);
    if (event.type === "chat.updated") {
      const removed = idsIn(event, "removedUserIds").filter((id) => !membersOf(chat).includes(id));
      toMembers(ctx, companyId, chatId, removed, { action: "delete", chatId }, false);
      return toMembers(ctx, companyId, chatId, membersOf(chat), { action: "update", chat }, true);
    }
    const messageId = idOf(event, "chatMessageId");
    const message = messageId === null ? null : await viewOf<ChatMessage>(event, "message", () => readChatMessage(ctx.db, companyId, messageId));
    if (!message) return;
    const mentioned = new Set(idsIn(event, "mentionedUserIds"));
    toMembers(ctx, companyId, chatId, membersOf(chat), { action: "new-message", chat, newMessage: message }, true, mentioned);
  },
};
