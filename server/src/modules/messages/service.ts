import { and, eq } from "drizzle-orm";
import { PAGE_SIZE } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { contacts, messages, tickets, whatsapps } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { loadAccessibleTicket } from "../tickets/service";
import { presentTicket } from "../tickets/present";
import { messageUpdated, ticketRead } from "../tickets/events";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { presentMessages } from "./present";
import { messageViewRows } from "./viewJson";
import { ticketViewRows } from "../tickets/viewJson";
import { seesEveryQueue } from "../../policies";
import { deliver } from "./send";
import { canAccessTicket } from "../../policies/tickets";
import { assertMaySend } from "../companies/sendingAllowed";
import { contactAddress } from "../contacts/address";

/**
 * A ticket's conversation, newest page first: messages of every ticket of the same contact on
 * the same connection, so earlier conversations show with their start and end markers (those of
 * queues the caller may not open stay hidden). One statement reads the ticket, the caller's
 * queues, the page and its count, as JSON; page 1 then marks the conversation read.
 * Answers the response's JSON text.
 */
export async function listMessages(ctx: AppContext, caller: Caller, ticketId: number, pageNumber: number): Promise<string> {
  const limit = PAGE_SIZE.messages;
  const offset = (pageNumber - 1) * limit;
  const [row] = await ctx.database.query<ConversationRow>(CONVERSATION_SQL, [caller.companyId, ticketId, caller.id, seesEveryQueue(caller), offset], { prepared: true });
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  if (!canAccessTicket(caller, row.queue_ids, { queueId: row.queue_id, userId: row.user_id })) throw forbidden();
  let ticket = row.ticket;
  if (pageNumber === 1 && (row.has_unread || row.unread_messages > 0)) {
    const [current] = await ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.id, ticketId)));
    const fresh = current && (await markRead(ctx, current));
    if (fresh) ticket = JSON.stringify(fresh);
  }
  const count = Number(row.count);
  return `{"messages":${row.messages},"count":${count},"ticket":${ticket},"hasMore":${count > offset + Math.min(row.fetched, limit)}}`;
}

interface ConversationRow {
  queue_id: number | null;
  user_id: number | null;
  unread_messages: number;
  queue_ids: number[];
  has_unread: boolean;
  count: string | number;
  fetched: number;
  messages: string;
  ticket: string;
}

// $1 company, $2 ticket, $3 caller, $4 caller sees every queue, $5 offset
const CONVERSATION_SQL = `with tk as (select * from tickets where company_id = $1 and id = $2),
  own as (select coalesce(array_agg(queue_id), '{}') as ids from user_queues where company_id = $1 and user_id = $3),
  visible as (
    select t.id from tickets t, tk, own
    where t.company_id = $1 and t.contact_id = tk.contact_id
      and (t.id = tk.id or (tk.whatsapp_id is not null and t.whatsapp_id = tk.whatsapp_id))
      and (t.id = tk.id or $4::boolean or t.user_id = $3 or t.queue_id is null or t.queue_id = any(own.ids))),
  page as (
    select * from messages where ticket_id in (select id from visible)
    order by created_at desc, id desc limit ${PAGE_SIZE.messages + 1} offset $5)
  select tk.queue_id, tk.user_id, tk.unread_messages, own.ids as queue_ids,
    exists (select 1 from messages u where u.ticket_id = tk.id and not u.read and not u.from_me) as has_unread,
    (select count(*) from messages where ticket_id in (select id from visible)) as count,
    (select count(*)::int from page) as fetched,
    coalesce((
      -- oldest first (json_agg keeps the order of a sorted subquery)
      select json_agg(v) from (${messageViewRows(`(select * from page order by created_at desc, id desc limit ${PAGE_SIZE.messages})`)}
        order by m.created_at, m.id) v
    ), '[]')::text as messages,
    (select row_to_json(v) from (${ticketViewRows("tk")}) v)::text as ticket
  from tk, own`;

/** Marks the customer's messages read, on the phone too; answers the ticket's new view when it changed. */
async function markRead(ctx: AppContext, ticket: typeof tickets.$inferSelect) {
  const read = await command(ctx, async (tx, events) => {
    const unread = await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false), eq(messages.fromMe, false)))
      .returning({ externalId: messages.externalId });
    if (unread.length === 0 && ticket.unreadMessages === 0) return null;
    const [row] = await tx.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id)).returning();
    const view = await presentTicket(tx, row);
    events.add(ticketRead(view));
    return { unread, view };
  });
  if (!read) return null;
  const { unread, view } = read;
  if (ticket.whatsappId && unread.length) {
    const [whatsapp] = await ctx.db.select().from(whatsapps).where(eq(whatsapps.id, ticket.whatsappId));
    const [contact] = await ctx.db.select({ number: contactAddress }).from(contacts).where(eq(contacts.id, ticket.contactId));
    if (whatsapp && contact)
      await ctx.channels
        .adapterFor(whatsapp)
        .markRead(
          contact.number,
          unread.map((m) => m.externalId),
        )
        .catch(() => undefined);
  }
  return view;
}

async function loadOwnMessage(ctx: AppContext, caller: Caller, messageId: number) {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, caller.companyId), eq(messages.id, messageId)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  const ticket = await loadAccessibleTicket(ctx, caller, row.ticketId);
  return { row, ticket };
}

/**
 * Only own messages can be deleted: those the caller sent, not a colleague's, the customer's, or
 * one sent without a user (the phone, the bot, the API). The channel deletes it for the customer too.
 */
export async function deleteMessage(ctx: AppContext, caller: Caller, messageId: number) {
  const { row, ticket } = await loadOwnMessage(ctx, caller, messageId);
  if (!row.fromMe || row.userId !== caller.id) throw forbidden();
  if (row.isDeleted) return;
  if (row.sendStatus !== "failed" && ticket.whatsappId) {
    const [whatsapp] = await ctx.db.select().from(whatsapps).where(eq(whatsapps.id, ticket.whatsappId));
    const [contact] = await ctx.db.select({ number: contactAddress }).from(contacts).where(eq(contacts.id, ticket.contactId));
    try {
      if (!whatsapp) throw new Error("no connection");
      await ctx.channels.adapterFor(whatsapp).deleteMessage(contact.number, row.externalId);
    } catch {
      throw new AppError("ERR_DELETE_WAPP_MSG", 400);
    }
  }
  await command(ctx, async (tx, events) => {
    const [updated] = await tx.update(messages).set({ isDeleted: true, updatedAt: new Date() }).where(eq(messages.id, row.id)).returning();
    const [view] = await presentMessages(tx, caller.companyId, [updated]);
    events.add(messageUpdated(await presentTicket(tx, ticket), view, actorOf(caller)));
  });
}

export async function retryMessage(ctx: AppContext, caller: Caller, messageId: number) {
  const { row, ticket } = await loadOwnMessage(ctx, caller, messageId);
  if (!row.fromMe || row.sendStatus !== "failed") throw new AppError("ERR_VALIDATION", 400, { field: "id", message: "id: not a failed message" });
  await assertMaySend(ctx.db, caller.companyId);
  return deliver(ctx, await presentTicket(ctx.db, ticket), row);
}

export async function readMedia(ctx: AppContext, caller: Caller, messageId: number) {
  const { row } = await loadOwnMessage(ctx, caller, messageId);
  if (!row.mediaPath || row.isDeleted) throw new AppError("ERR_NOT_FOUND", 404);
  return { file: await ctx.media.open(caller.companyId, row.mediaPath), name: row.mediaName ?? "file" };
}
