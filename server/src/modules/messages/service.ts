import { and, count, desc, eq, inArray } from "drizzle-orm";
import { PAGE_SIZE } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { contacts, messages, tickets, whatsapps } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { loadAccessibleTicket } from "../tickets/service";
import { presentTicket } from "../tickets/present";
import { emitAppMessage, emitTicketUpdate, emitUnreadReset } from "../tickets/realtime";
import { presentMessages } from "./present";
import { deliver } from "./send";
import { queueIdsOf } from "../users/queueIds";
import { canAccessTicket } from "../../policies/tickets";

/**
 * A ticket's conversation, newest page first: messages of every ticket of the same contact on
 * the same connection, so earlier conversations show with their start and end markers.
 */
export async function listMessages(ctx: AppContext, caller: Caller, ticketId: number, pageNumber: number) {
  const ticket = await loadAccessibleTicket(ctx, caller, ticketId);
  const related = await ctx.db
    .select({ id: tickets.id, queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.companyId, caller.companyId), eq(tickets.contactId, ticket.contactId), ticket.whatsappId ? eq(tickets.whatsappId, ticket.whatsappId) : eq(tickets.id, ticket.id)));
  // earlier conversations of queues the caller may not open stay hidden
  const queueIds = await queueIdsOf(ctx.db, caller.companyId, caller.id);
  const visible = related.filter((t) => t.id === ticket.id || canAccessTicket(caller, queueIds, t)).map((t) => t.id);
  const where = and(eq(messages.companyId, caller.companyId), inArray(messages.ticketId, visible));
  const limit = PAGE_SIZE.messages;
  const offset = (pageNumber - 1) * limit;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(offset),
    ctx.db.select({ total: count() }).from(messages).where(where),
  ]);
  if (pageNumber === 1) await markRead(ctx, ticket);
  const fresh = await presentTicket(ctx.db, (await ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]);
  return { messages: await presentMessages(ctx.db, caller.companyId, rows.reverse()), count: total, ticket: fresh, hasMore: total > offset + rows.length };
}

async function markRead(ctx: AppContext, ticket: typeof tickets.$inferSelect) {
  const unread = await ctx.db
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false), eq(messages.fromMe, false)))
    .returning({ externalId: messages.externalId });
  if (unread.length === 0 && ticket.unreadMessages === 0) return;
  const [row] = await ctx.db.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id)).returning();
  const view = await presentTicket(ctx.db, row);
  emitUnreadReset(ctx.realtime, view);
  emitTicketUpdate(ctx.realtime, view);
  if (ticket.whatsappId && unread.length) {
    const [whatsapp] = await ctx.db.select().from(whatsapps).where(eq(whatsapps.id, ticket.whatsappId));
    const [contact] = await ctx.db.select({ number: contacts.number }).from(contacts).where(eq(contacts.id, ticket.contactId));
    if (whatsapp && contact) await ctx.channels.adapterFor(whatsapp).markRead(contact.number, unread.map((m) => m.externalId)).catch(() => undefined);
  }
}

async function loadOwnMessage(ctx: AppContext, caller: Caller, messageId: number) {
  const [row] = await ctx.db.select().from(messages).where(and(eq(messages.companyId, caller.companyId), eq(messages.id, messageId)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  const ticket = await loadAccessibleTicket(ctx, caller, row.ticketId);
  return { row, ticket };
}

/** Only the company's own messages can be deleted; the channel deletes it for the customer too. */
export async function deleteMessage(ctx: AppContext, caller: Caller, messageId: number) {
  const { row, ticket } = await loadOwnMessage(ctx, caller, messageId);
  if (!row.fromMe) throw forbidden();
  if (row.isDeleted) return;
  if (row.sendStatus !== "failed" && ticket.whatsappId) {
    const [whatsapp] = await ctx.db.select().from(whatsapps).where(eq(whatsapps.id, ticket.whatsappId));
    const [contact] = await ctx.db.select({ number: contacts.number }).from(contacts).where(eq(contacts.id, ticket.contactId));
    try {
      if (!whatsapp) throw new Error("no connection");
      await ctx.channels.adapterFor(whatsapp).deleteMessage(contact.number, row.externalId);
    } catch {
      throw new AppError("ERR_DELETE_WAPP_MSG", 400);
    }
  }
  const [updated] = await ctx.db.update(messages).set({ isDeleted: true, updatedAt: new Date() }).where(eq(messages.id, row.id)).returning();
  const [view] = await presentMessages(ctx.db, caller.companyId, [updated]);
  emitAppMessage(ctx.realtime, await presentTicket(ctx.db, ticket), "update", view);
}

export async function retryMessage(ctx: AppContext, caller: Caller, messageId: number) {
  const { row, ticket } = await loadOwnMessage(ctx, caller, messageId);
  if (!row.fromMe || row.sendStatus !== "failed") throw new AppError("ERR_VALIDATION", 400, { field: "id", message: "id: not a failed message" });
  return deliver(ctx, await presentTicket(ctx.db, ticket), row);
}

export async function readMedia(ctx: AppContext, caller: Caller, messageId: number) {
  const { row } = await loadOwnMessage(ctx, caller, messageId);
  if (!row.mediaPath || row.isDeleted) throw new AppError("ERR_NOT_FOUND", 404);
  return { data: await ctx.media.read(caller.companyId, row.mediaPath), name: row.mediaName ?? "file" };
}

