import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { contacts, messages, tickets } from "../db/schema";
import { presentTicket } from "../modules/tickets/present";
import { emitAppMessage, emitTicketUpdate } from "../modules/tickets/realtime";
import { presentMessages } from "../modules/messages/present";
import type { InboundMessage } from "./contract";
import { startCycle } from "../automation/tracking";
import { OneAtATime } from "./oneAtATime";

const digits = (s: string) => s.replace(/\D/g, "");

class TicketRace extends Error {}

/** One customer's messages on one connection are stored one at a time (see OneAtATime). */
const perCustomer = new OneAtATime();

/** Text shown as a ticket's last message for a message without text. */
export function previewOf(m: { body: string; mediaType?: string | null; mediaName?: string | null }) {
  if (m.body) return m.mediaType === "locationMessage" ? m.body.split("|")[2] || "📍" : m.body.slice(0, 500);
  if (m.mediaType === "call_log") return "📞";
  return m.mediaName ?? m.mediaType ?? "";
}

/**
 * Stores one inbound message exactly once: in one transaction it upserts the contact, finds
 * the contact's open or pending ticket on this connection (or opens a pending one) and inserts
 * the message; a repeated (connection, external id) answers with the message already stored.
 * The unique indexes decide races, so concurrent deliveries never make two tickets.
 */
export async function receiveInbound(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage, opts: { intoTicketId?: number } = {}) {
  const companyId = whatsapp.companyId;
  const number = inbound.isGroup ? inbound.number : digits(inbound.number);
  const stored = inbound.media ? await ctx.media.save(companyId, inbound.media.data, inbound.media.filename) : null;

  const run = () => ctx.db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, inbound.externalId)));
    if (existing) return { duplicate: true as const, message: existing };

    const [contact] = await tx
      .insert(contacts)
      .values({ companyId, name: inbound.name?.trim() || number, number, isGroup: !!inbound.isGroup, whatsappId: whatsapp.id })
      .onConflictDoUpdate({
        target: [contacts.companyId, contacts.number],
        targetWhere: sql`number <> ''`,
        // a contact still named by its number takes the name the customer gave
        set: { name: sql`case when ${contacts.name} = ${contacts.number} and ${inbound.name?.trim() ?? ""} <> '' then ${inbound.name?.trim() ?? ""} else ${contacts.name} end`, updatedAt: new Date() },
      })
      .returning();

    let created = false;
    let ticket: typeof tickets.$inferSelect | undefined;
    if (opts.intoTicketId) {
      // an answer that belongs to a given (possibly closed) ticket, such as a rating
      [ticket] = await tx.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, opts.intoTicketId)));
    } else {
      const inserted = await tx
        .insert(tickets)
        .values({ companyId, contactId: contact.id, whatsappId: whatsapp.id, status: "pending", isGroup: !!inbound.isGroup })
        .onConflictDoNothing({ target: [tickets.companyId, tickets.contactId, tickets.whatsappId], where: sql`status in ('open', 'pending')` })
        .returning();
      created = inserted.length > 0;
      if (created) await startCycle(tx, inserted[0]);
      [ticket] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id), eq(tickets.whatsappId, whatsapp.id), inArray(tickets.status, ["open", "pending"])))
        .orderBy(desc(tickets.id))
        .limit(1);
    }
    // the active ticket was closed between the insert and the read: start over once
    if (!ticket) throw new TicketRace();

    let quotedMsgId: number | null = null;
    if (inbound.quotedExternalId) {
      const [quoted] = await tx.select({ id: messages.id }).from(messages).where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, inbound.quotedExternalId)));
      quotedMsgId = quoted?.id ?? null;
    }

    const [message] = await tx
      .insert(messages)
      .values({
        companyId,
        ticketId: ticket.id,
        whatsappId: whatsapp.id,
        contactId: contact.id,
        externalId: inbound.externalId,
        body: inbound.body ?? "",
        fromMe: !!inbound.fromMe,
        read: !!inbound.fromMe,
        mediaType: inbound.mediaType ?? null,
        mediaPath: stored?.key ?? null,
        mediaName: stored?.filename ?? null,
        ack: inbound.fromMe ? 1 : 0,
        quotedMsgId,
        participant: inbound.participant ?? null,
        createdAt: inbound.timestamp ?? new Date(),
      })
      .onConflictDoNothing({ target: [messages.whatsappId, messages.externalId] })
      .returning();
    if (!message) {
      // a concurrent delivery of the same message committed first
      const [winner] = await tx.select().from(messages).where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, inbound.externalId)));
      return { duplicate: true as const, message: winner };
    }

    const [updated] = await tx
      .update(tickets)
      .set({
        lastMessage: previewOf(message),
        unreadMessages: inbound.fromMe ? sql`${tickets.unreadMessages}` : sql`${tickets.unreadMessages} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(tickets.id, ticket.id))
      .returning();
    return { duplicate: false as const, message, ticket: updated, created };
  });

  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await perCustomer.run(`${whatsapp.id}:${number}`, () => run().catch((err) => (err instanceof TicketRace ? run() : Promise.reject(err))));
  } catch (err) {
    if (stored) await ctx.media.remove(companyId, stored.key);
    throw err;
  }

  if (result.duplicate) {
    if (stored) await ctx.media.remove(companyId, stored.key);
    const [ticketRow] = await ctx.db.select().from(tickets).where(eq(tickets.id, result.message.ticketId));
    const ticket = await presentTicket(ctx.db, ticketRow);
    const [message] = await presentMessages(ctx.db, companyId, [result.message]);
    return { duplicate: true, message, ticket, created: false };
  }
  const ticket = await presentTicket(ctx.db, result.ticket);
  const [message] = await presentMessages(ctx.db, companyId, [result.message]);
  emitAppMessage(ctx.realtime, ticket, "create", message);
  emitTicketUpdate(ctx.realtime, ticket);
  return { duplicate: false, message, ticket, created: result.created };
}

/** Delivery and read receipts only move forward. */
export async function applyAck(ctx: AppContext, whatsapp: { id: number; companyId: number }, externalId: string, ack: number) {
  const [row] = await ctx.db
    .update(messages)
    .set({ ack, updatedAt: new Date() })
    .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, externalId), sql`${messages.ack} < ${ack}`))
    .returning();
  if (row) await emitMessageUpdate(ctx, row);
  return row ?? null;
}

export async function applyEdit(ctx: AppContext, whatsapp: { id: number; companyId: number }, externalId: string, body: string) {
  const [row] = await ctx.db
    .update(messages)
    .set({ body, isEdited: true, updatedAt: new Date() })
    .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, externalId)))
    .returning();
  if (row) await emitMessageUpdate(ctx, row);
  return row ?? null;
}

export async function applyRemoteDelete(ctx: AppContext, whatsapp: { id: number; companyId: number }, externalId: string) {
  const [row] = await ctx.db
    .update(messages)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, externalId)))
    .returning();
  if (row) await emitMessageUpdate(ctx, row);
  return row ?? null;
}

export async function emitMessageUpdate(ctx: AppContext, row: typeof messages.$inferSelect) {
  const [ticketRow] = await ctx.db.select().from(tickets).where(eq(tickets.id, row.ticketId));
  if (!ticketRow) return;
  const ticket = await presentTicket(ctx.db, ticketRow);
  const [message] = await presentMessages(ctx.db, row.companyId, [row]);
  emitAppMessage(ctx.realtime, ticket, "update", message);
}
