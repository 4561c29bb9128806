import { and, count, desc, eq, ne, sql } from "drizzle-orm";
import { CHAT_MESSAGES_PAGE_SIZE } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { chatMessages, chats, chatUsers } from "../../db/schema";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { chatMessageCreated, chatRead } from "./events";
import { mentionedMembers } from "./mentions";
import { presentChatMessages, presentChats } from "./present";
import { chatNotFound, findChat } from "./service";
import type { ChatAttachment } from "./media";

/**
 * GET /chats/:id/messages: page 1 is the newest 20; each page is in ascending time (oldest first),
 * so the conversation prepends older pages above what it shows.
 */
export async function listChatMessages(db: Db, caller: Caller, ref: string, pageNumber: number) {
  const chat = await findChat(db, caller, ref);
  const where = and(eq(chatMessages.companyId, caller.companyId), eq(chatMessages.chatId, chat.id));
  const offset = (pageNumber - 1) * CHAT_MESSAGES_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(chatMessages).where(where).orderBy(desc(chatMessages.id)).limit(CHAT_MESSAGES_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(chatMessages).where(where),
  ]);
  return { records: await presentChatMessages(db, rows.reverse()), count: total, hasMore: total > offset + rows.length };
}

export interface NewChatMessage {
  message: string;
  /** Stored already under the caller's company; removed again when the message is not saved. */
  attachment: ChatAttachment | null;
}

/** What the chat list shows as the last message: the text, or the file's name when there is none. */
const summaryOf = (input: NewChatMessage) => input.message.trim() || input.attachment?.filename || "";

/**
 * POST /chats/:id/messages: saves the message, sets the chat's last message (and so its update
 * time), adds one unread for every other member and tells the members mentioned as @Name.
 */
export async function sendChatMessage(ctx: AppContext, caller: Caller, ref: string, input: NewChatMessage) {
  const chat = await findChat(ctx.db, caller, ref);
  return command(ctx, async (tx, events) => {
    // the caller may have been taken out, or the chat deleted, since it was read
    const [member] = await tx
      .select({ userId: chatUsers.userId })
      .from(chatUsers)
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, caller.id)))
      .for("update");
    if (!member) throw chatNotFound();
    const [row] = await tx
      .insert(chatMessages)
      .values({
        companyId: caller.companyId,
        chatId: chat.id,
        senderId: caller.id,
        message: input.message,
        mediaPath: input.attachment?.key ?? null,
        mediaName: input.attachment?.filename ?? null,
        mediaType: input.attachment?.mediaType ?? null,
      })
      .returning();
    const [chatRow] = await tx
      .update(chats)
      .set({ lastMessage: summaryOf(input).slice(0, 255) })
      .where(eq(chats.id, chat.id))
      .returning();
    await tx
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1` })
      .where(and(eq(chatUsers.chatId, chat.id), ne(chatUsers.userId, caller.id)));
    const [presentedChat] = await presentChats(tx, caller.companyId, [chatRow]);
    const [message] = await presentChatMessages(tx, [row]);
    const others = presentedChat.users.filter((u) => u.userId !== caller.id).map((u) => ({ userId: u.userId, name: u.user.name }));
    events.add(chatMessageCreated(caller.companyId, presentedChat, message, mentionedMembers(input.message, others), actorOf(caller)));
    return message;
  }).catch(async (err: unknown) => {
    if (input.attachment) await ctx.media.remove(caller.companyId, input.attachment.key).catch(() => undefined);
    throw err;
  });
}

/** POST /chats/:id/read: the caller's unreads in the chat go to 0. */
export async function markChatRead(ctx: AppContext, caller: Caller, ref: string) {
  const chat = await findChat(ctx.db, caller, ref);
  return command(ctx, async (tx, events) => {
    const [read] = await tx
      .update(chatUsers)
      .set({ unreads: 0 })
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, caller.id)))
      .returning({ userId: chatUsers.userId });
    if (!read) throw chatNotFound();
    const [presented] = await presentChats(tx, caller.companyId, [chat]);
    events.add(chatRead(caller.companyId, presented, caller.id, actorOf(caller)));
    return presented;
  });
}
