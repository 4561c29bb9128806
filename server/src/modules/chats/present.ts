import { and, asc, eq, inArray } from "drizzle-orm";
import type { Chat, ChatMember, ChatMessage } from "@balcao/common";
import type { Db } from "../../db/client";
import { chatMessages, chats, chatUsers, users } from "../../db/schema";

export type ChatRow = typeof chats.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;

/** A member as an inferred object type (no interface), so that it meets the declared answer's loose schema. */
type Member = { [K in keyof ChatMember]: ChatMember[K] };

/** Where a message's attachment is read, with the bearer token (never a public folder). */
export const chatMediaUrl = (messageId: number) => `/media/chat-messages/${messageId}`;

/** The members of these chats (of one company), each with their unreads and name, by chat. */
export async function membersOf(db: Db, companyId: number, chatIds: number[]): Promise<Map<number, Member[]>> {
  const byChat = new Map<number, Member[]>(chatIds.map((id) => [id, []]));
  if (chatIds.length === 0) return byChat;
  const rows = await db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, chatIds)))
    .orderBy(asc(chatUsers.chatId), asc(chatUsers.createdAt), asc(chatUsers.userId));
  for (const r of rows) byChat.get(r.chatId)?.push({ chatId: r.chatId, userId: r.userId, unreads: r.unreads, user: { id: r.userId, name: r.name } });
  return byChat;
}

export function presentChat(row: ChatRow, members: Member[]) {
  return {
    id: row.id,
    uuid: row.uuid,
    title: row.title,
    ownerId: row.ownerId,
    lastMessage: row.lastMessage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    users: members,
  } satisfies Chat;
}

/** Chats rows presented with their members, in the rows' order. */
export async function presentChats(db: Db, companyId: number, rows: ChatRow[]) {
  const members = await membersOf(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentChat(row, members.get(row.id) ?? []));
}

/** One chat as it stands, read again (null when it is gone). */
export async function readChat(db: Db, companyId: number, chatId: number): Promise<Chat | null> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.companyId, companyId), eq(chats.id, chatId)));
  return row ? (await presentChats(db, companyId, [row]))[0] : null;
}

export function presentChatMessage(row: ChatMessageRow, senderName: string | null) {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    sender: row.senderId !== null && senderName !== null ? { id: row.senderId, name: senderName } : null,
    message: row.message,
    mediaPath: row.mediaPath ? chatMediaUrl(row.id) : null,
    mediaName: row.mediaName,
    mediaType: row.mediaType,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies ChatMessage;
}

/** Messages with their senders' names, in the order given. */
export async function presentChatMessages(db: Db, rows: ChatMessageRow[]) {
  const senderIds = [...new Set(rows.map((r) => r.senderId).filter((id): id is number => id !== null))];
  const names = new Map<number, string>();
  if (senderIds.length) for (const u of await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, senderIds))) names.set(u.id, u.name);
  return rows.map((row) => presentChatMessage(row, row.senderId !== null ? (names.get(row.senderId) ?? null) : null));
}

/** One message as it stands, read again (null when it is gone). */
export async function readChatMessage(db: Db, companyId: number, messageId: number): Promise<ChatMessage | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.companyId, companyId), eq(chatMessages.id, messageId)));
  return row ? (await presentChatMessages(db, [row]))[0] : null;
}
