import type { Chat, ChatMessage } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

const chatStream = (id: number) => `chat:${id}`;

/**
 * Chat facts keep ids only (members, removed members, mentioned users), never a title or a message:
 * the conversation is private to its members. The realtime listener reaches exactly those members.
 */
const memberIdsOf = (chat: Chat) => chat.users.map((u) => u.userId);

export function chatCreated(companyId: number, chat: Chat, actor: Actor): NewEvent {
  return { type: "chat.created", companyId, stream: chatStream(chat.id), actor, data: { chatId: chat.id, memberIds: memberIdsOf(chat) }, transient: { chat } };
}

export function chatUpdated(companyId: number, chat: Chat, removedUserIds: number[], actor: Actor): NewEvent {
  return { type: "chat.updated", companyId, stream: chatStream(chat.id), actor, data: { chatId: chat.id, memberIds: memberIdsOf(chat), removedUserIds }, transient: { chat } };
}

/** The reader's unreads went to 0: their other tabs follow. */
export function chatRead(companyId: number, chat: Chat, userId: number, actor: Actor): NewEvent {
  return { type: "chat.read", companyId, stream: chatStream(chat.id), actor, data: { chatId: chat.id, userId }, transient: { chat } };
}

export function chatDeleted(companyId: number, chatId: number, memberIds: number[], actor: Actor): NewEvent {
  return { type: "chat.deleted", companyId, stream: chatStream(chatId), actor, data: { chatId, memberIds } };
}

export function chatMessageCreated(companyId: number, chat: Chat, message: ChatMessage, mentionedUserIds: number[], actor: Actor): NewEvent {
  return {
    type: "chatMessage.created",
    companyId,
    stream: chatStream(chat.id),
    actor,
    data: { chatId: chat.id, chatMessageId: message.id, mentionedUserIds },
    transient: { chat, message },
  };
}
