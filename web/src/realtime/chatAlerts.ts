import type { ChatEvent, ChatMessage, Chat } from "../api/chats";

export interface ChatAlertContext {
  userId: number;
  /** The chat on screen (/chats/:id, uuid or id), or null. */
  openChatId: string | null;
  pageHidden: boolean;
}

export const isOpenChat = (chat: Pick<Chat, "id" | "uuid">, openChatId: string | null) => openChatId !== null && (openChatId === chat.uuid || openChatId === String(chat.id));

/**
 * Whether a new chat message deserves a notification and a sound: someone else's message, in a chat
 * the user is not looking at (another chat is open, or the page is in the background).
 */
export function chatAlertFor(event: ChatEvent, ctx: ChatAlertContext): { chat: Chat; message: ChatMessage; mentioned: boolean } | null {
  if (event.action !== "new-message" || !event.chat || !event.newMessage) return null;
  if (event.newMessage.senderId === ctx.userId) return null;
  if (!ctx.pageHidden && isOpenChat(event.chat, ctx.openChatId)) return null;
  return { chat: event.chat, message: event.newMessage, mentioned: Boolean(event.mentioned) };
}
