import { and, count, desc, eq, exists, ilike, inArray, notInArray, sql } from "drizzle-orm";
import { CHATS_PAGE_SIZE, V, type ChatBody, type ChatsQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db, Tx } from "../../db/client";
import { chatMessages, chats, chatUsers, users } from "../../db/schema";
import { containsPattern } from "../../db/like";
import { AppError, forbidden } from "../../http/errors";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { chatCreated, chatDeleted, chatUpdated } from "./events";
import { presentChats, type ChatRow } from "./present";

export const chatNotFound = () => new AppError("ERR_NO_CHAT_FOUND", 404);

/** The caller is a member of the chat `chatId` (a correlated condition for queries on chats). */
const callerIsMember = (db: Db, caller: Caller) =>
  exists(
    db
      .select({ one: sql`1` })
      .from(chatUsers)
      .where(and(eq(chatUsers.chatId, chats.id), eq(chatUsers.companyId, caller.companyId), eq(chatUsers.userId, caller.id))),
  );

/** `12` names a chat by id, anything else (already checked to be a uuid) by uuid. */
const byRef = (ref: string) => (/^\d+$/.test(ref) ? eq(chats.id, Number(ref)) : eq(chats.uuid, ref.toLowerCase()));

/** GET /chats: the caller's chats whose title contains the search, most recently updated first, 20 a page. */
export async function listChats(db: Db, caller: Caller, query: ChatsQuery) {
  const where = and(eq(chats.companyId, caller.companyId), callerIsMember(db, caller), query.searchParam ? ilike(chats.title, containsPattern(query.searchParam)) : undefined);
  const offset = (query.pageNumber - 1) * CHATS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(chats).where(where).orderBy(desc(chats.updatedAt), desc(chats.id)).limit(CHATS_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(chats).where(where),
  ]);
  return { records: await presentChats(db, caller.companyId, rows), count: total, hasMore: total > offset + rows.length };
}

/** A chat the caller is a member of; another company's, or one the caller is not in, is not found. */
export async function findChat(db: Db, caller: Caller, ref: string): Promise<ChatRow> {
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.companyId, caller.companyId), byRef(ref), callerIsMember(db, caller)));
  if (!row) throw chatNotFound();
  return row;
}

/** Only the owner edits or deletes a chat (administration §6); other members get 403. */
export async function findOwnedChat(db: Db, caller: Caller, ref: string): Promise<ChatRow> {
  const row = await findChat(db, caller, ref);
  if (row.ownerId !== caller.id) throw forbidden();
  return row;
}

export async function showChat(db: Db, caller: Caller, ref: string) {
  return (await presentChats(db, caller.companyId, [await findChat(db, caller, ref)]))[0];
}

const usersError = (message: string) => new AppError("ERR_VALIDATION", 400, { field: "users", message: `users: ${message}` });

/** The members besides the caller: at least one, all users of the caller's company. */
async function otherMembers(db: Db, caller: Caller, body: ChatBody): Promise<number[]> {
  const ids = [...new Set(body.users)].filter((id) => id !== caller.id);
  if (ids.length === 0) throw usersError(V.chatUsersRequired);
  const [{ found }] = await db
    .select({ found: count() })
    .from(users)
    .where(and(eq(users.companyId, caller.companyId), inArray(users.id, ids)));
  if (found !== ids.length) throw usersError(V.invalidValue);
  return ids;
}

const presentOne = async (tx: Tx, companyId: number, row: ChatRow) => (await presentChats(tx, companyId, [row]))[0];

/** POST /chats: the caller owns the chat and is always one of its members. */
export async function createChat(ctx: AppContext, caller: Caller, body: ChatBody) {
  const others = await otherMembers(ctx.db, caller, body);
  return command(ctx, async (tx, events) => {
    const [row] = await tx.insert(chats).values({ companyId: caller.companyId, title: body.title, ownerId: caller.id }).returning();
    await tx.insert(chatUsers).values([caller.id, ...others].map((userId) => ({ companyId: caller.companyId, chatId: row.id, userId })));
    const chat = await presentOne(tx, caller.companyId, row);
    events.add(chatCreated(caller.companyId, chat, actorOf(caller)));
    return chat;
  });
}

/** PUT /chats/:id: title and members; removed members stop receiving the chat, added ones get it. */
export async function updateChat(ctx: AppContext, caller: Caller, ref: string, body: ChatBody) {
  const current = await findOwnedChat(ctx.db, caller, ref);
  const members = [caller.id, ...(await otherMembers(ctx.db, caller, body))];
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(chats)
      .set({ title: body.title })
      .where(and(eq(chats.companyId, caller.companyId), eq(chats.id, current.id)))
      .returning();
    if (!row) throw chatNotFound(); // deleted meanwhile
    const removed = await tx
      .delete(chatUsers)
      .where(and(eq(chatUsers.chatId, row.id), notInArray(chatUsers.userId, members)))
      .returning({ userId: chatUsers.userId });
    await tx
      .insert(chatUsers)
      .values(members.map((userId) => ({ companyId: caller.companyId, chatId: row.id, userId })))
      .onConflictDoNothing();
    const chat = await presentOne(tx, caller.companyId, row);
    events.add(
      chatUpdated(
        caller.companyId,
        chat,
        removed.map((r) => r.userId),
        actorOf(caller),
      ),
    );
    return chat;
  });
}

/** DELETE /chats/:id: the chat, its members and messages, then the attachments' files. */
export async function deleteChat(ctx: AppContext, caller: Caller, ref: string) {
  const current = await findOwnedChat(ctx.db, caller, ref);
  const files = await command(ctx, async (tx, events) => {
    const members = await tx.select({ userId: chatUsers.userId }).from(chatUsers).where(eq(chatUsers.chatId, current.id));
    const media = await tx.select({ path: chatMessages.mediaPath }).from(chatMessages).where(eq(chatMessages.chatId, current.id));
    const [row] = await tx
      .delete(chats)
      .where(and(eq(chats.companyId, caller.companyId), eq(chats.id, current.id)))
      .returning({ id: chats.id });
    if (!row) throw chatNotFound();
    events.add(
      chatDeleted(
        caller.companyId,
        row.id,
        members.map((m) => m.userId),
        actorOf(caller),
      ),
    );
    return media.map((m) => m.path).filter((p): p is string => !!p);
  });
  for (const key of files) await ctx.media.remove(caller.companyId, key).catch(() => undefined);
}
