import { z } from "zod";
import { MAX_ID, idParam, listQuery, pageNumberField } from "./common";
import { V } from "./messages";

/** Chats per page of GET /chats, and messages per page of GET /chats/:id/messages. */
export const CHATS_PAGE_SIZE = 20;
export const CHAT_MESSAGES_PAGE_SIZE = 20;

/** Members one chat may hold, the caller included. */
export const CHAT_MAX_USERS = 200;
export const CHAT_MESSAGE_MAX_LENGTH = 10_000;

/** An attachment: images and documents, checked by their bytes too; as large as other media. */
export const CHAT_MEDIA_EXTENSIONS = [".png", ".jpg", ".jpeg", ".gif", ".webp", ".pdf", ".txt", ".csv", ".doc", ".xls", ".ppt", ".docx", ".xlsx", ".pptx", ".odt", ".ods", ".zip"] as const;
export const CHAT_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
export const isChatMediaName = (name: string) => CHAT_MEDIA_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** GET /chats: searchParam (in the title) and pageNumber. */
export const chatsQuery = listQuery;
export type ChatsQuery = z.infer<typeof chatsQuery>;

/** GET /chats/:id/messages: pageNumber, 1 being the newest messages. */
export const chatMessagesQuery = z.object({ pageNumber: pageNumberField });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A chat named by its id or by its uuid (the address /chats/:uuid opens it directly). */
export const chatRef = z
  .string()
  .trim()
  .refine((v) => (/^\d{1,10}$/.test(v) && Number(v) > 0 && Number(v) <= MAX_ID) || UUID.test(v), V.invalidValue);
export const chatParams = z.object({ id: chatRef });

/** A member as the dialog sends it: the user record (only its id is read) or the plain id. */
const chatUserRef = z.union([idParam, z.object({ id: idParam })], { error: V.invalidValue }).transform((v) => (typeof v === "number" ? v : v.id));

/**
 * POST /chats and PUT /chats/:id (administration §5): a title and at least one other user. The
 * caller is always a member; the server also refuses a list naming only the caller.
 */
export const chatBody = z.object({
  title: z.string({ error: V.chatTitleRequired }).trim().min(1, V.chatTitleRequired).max(200, V.tooLong),
  users: z.array(chatUserRef, { error: V.chatUsersRequired }).min(1, V.chatUsersRequired).max(CHAT_MAX_USERS, V.tooLong),
});
export type ChatBody = z.infer<typeof chatBody>;
export type ChatFormInput = z.input<typeof chatBody>;

/** POST /chats/:id/messages as JSON; blank text is refused unless a file comes with it (multipart). */
export const chatMessageBody = z.object({
  message: z
    .string({ error: V.required })
    .max(CHAT_MESSAGE_MAX_LENGTH, V.tooLong)
    .refine((v) => v.trim() !== "", V.required),
});
export type ChatMessageBody = z.infer<typeof chatMessageBody>;

/** POST /chats/:id/read: the spec's client sends its own userId; the caller's unreads go to 0 whatever it says. */
export const chatReadBody = z.object({ userId: z.unknown().optional() }).optional();

/** A member of a chat and that member's unread count. */
export interface ChatMember {
  chatId: number;
  userId: number;
  unreads: number;
  user: { id: number; name: string };
}

/** A chat as the API and the chat events carry it. */
export interface Chat {
  id: number;
  uuid: string;
  title: string;
  /** Null once the owner's user is deleted. */
  ownerId: number | null;
  lastMessage: string;
  createdAt: string;
  updatedAt: string;
  users: ChatMember[];
}

/** A message of a chat; mediaPath is the attachment's address read with the bearer token, never a public one. */
export interface ChatMessage {
  id: number;
  chatId: number;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  /** image or document, read from the file's bytes. */
  mediaType: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ChatsPage {
  records: Chat[];
  count: number;
  hasMore: boolean;
}
export interface ChatMessagesPage {
  records: ChatMessage[];
  count: number;
  hasMore: boolean;
}

/**
 * What the chat channels carry (company-{id}-chat, the per-user and the per-chat channel). `mentioned`
 * is set on the per-user channel only: the message names that user as @Name.
 */
export type ChatEventPayload = { action: "new-message"; chat: Chat; newMessage: ChatMessage; mentioned?: boolean } | { action: "create" | "update"; chat: Chat } | { action: "delete"; chatId: number };
