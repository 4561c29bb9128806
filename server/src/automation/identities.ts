import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import { contacts, messages, schedules, ticketNotes, tickets } from "../db/schema";
import { command } from "../events/command";
import type { EventLog } from "../events/record";
import type { InboundMessage } from "../channels/contract";
import { contactDeleted, contactStream, contactUpdated } from "../modules/contacts/events";
import { presentContact } from "../modules/contacts/present";
import { ticketDeleted, ticketUpdated, type Placement } from "../modules/tickets/events";
import { presentTickets } from "../modules/tickets/present";

type ContactRow = typeof contacts.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

const digits = (s: string | undefined) => (s ?? "").replace(/\D/g, "");

/**
 * A customer's message as the pipeline stores it, by the contact's phone number whenever one is
 * known. A message under a LID only finds its contact by that LID (and goes on under the
 * contact's number, when the contact has one); a message carrying both first links them
 * (`linkIdentity`). Group messages are the group's: left as they are.
 */
export async function resolveInbound(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage): Promise<InboundMessage> {
  const found = await byIdentity(ctx, whatsapp, inbound);
  if (found.username && !found.isGroup) await keepUsername(ctx, whatsapp.companyId, found);
  return found;
}

/**
 * A username the channel told, on the company's contact of this number or LID (a new contact takes
 * it when the message adds it, inboundStore.ts). Written only when it changed.
 */
async function keepUsername(ctx: AppContext, companyId: number, inbound: InboundMessage) {
  const number = digits(inbound.number);
  const lid = digits(inbound.lid);
  const username = inbound.username!.trim();
  const who = number ? eq(contacts.number, number) : lid ? eq(contacts.lid, lid) : undefined;
  if (!who) return;
  await ctx.db
    .update(contacts)
    .set({ username, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, companyId), who, sql`${contacts.username} is distinct from ${username}`));
}

async function byIdentity(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage): Promise<InboundMessage> {
  const lid = digits(inbound.lid);
  if (inbound.isGroup || !lid) return inbound;
  const number = digits(inbound.number);
  if (number) {
    await linkIdentity(ctx, whatsapp.companyId, { lid, number });
    return { ...inbound, number, lid };
  }
  const [known] = await ctx.db
    .select({ number: contacts.number })
    .from(contacts)
    .where(and(eq(contacts.companyId, whatsapp.companyId), eq(contacts.lid, lid)));
  return { ...inbound, number: known?.number ?? "", lid };
}

/**
 * The channel learned that a LID and a phone number are one WhatsApp account (a message carrying
 * both, or Baileys' `lid-mapping.update`): the company's contact of the number takes the LID, the
 * contact known by the LID only takes the number, and when both exist as two contacts they are
 * merged (`merge`) in the same transaction. Learning the same mapping again changes nothing.
 * Only the given company's contacts are read. A LID already given to a contact of another
 * number is left as it is: WhatsApp's word on it is not clear enough to move it.
 * Answers the contact that carries both, or null when the company knows neither.
 */
export async function linkIdentity(ctx: AppContext, companyId: number, identity: { lid: string; number: string }) {
  const lid = digits(identity.lid);
  const number = digits(identity.number);
  if (!lid || !number) return null;
  const mine = and(eq(contacts.companyId, companyId), or(eq(contacts.number, number), eq(contacts.lid, lid)));
  // the usual case, a message of a contact already linked, costs one read and no transaction
  const seen = await ctx.db.select({ id: contacts.id, number: contacts.number, lid: contacts.lid }).from(contacts).where(mine);
  if (!seen.length || (seen.length === 1 && seen[0].number === number && seen[0].lid === lid)) return null;
  return command(ctx, async (tx, events) => {
    const rows = await tx.select().from(contacts).where(mine).orderBy(contacts.id).for("update");
    const byNumber = rows.find((r) => r.number === number);
    const byLid = rows.find((r) => r.lid === lid);
    if (byNumber && byLid && byNumber.id === byLid.id) return byNumber;
    if (byLid && byLid.number !== "") return null;
    if (byNumber && !byLid) return set(tx, events, byNumber, { lid });
    if (byLid && !byNumber) return set(tx, events, byLid, { number });
    if (!byNumber || !byLid) return null;
    return merge(tx, events, companyId, { lid, number }, byNumber, byLid);
  });
}

async function set(tx: Tx, events: EventLog, contact: ContactRow, change: { lid?: string; number?: string }) {
  const [row] = await tx
    .update(contacts)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(contacts.companyId, contact.companyId), eq(contacts.id, contact.id)))
    .returning();
  events.add(contactUpdated(presentContact(row), Object.keys(change), { userId: null }));
  return row;
}

/** A contact still named by what the channel knew of it: its number or its LID. */
const unnamed = (c: ContactRow) => !c.name.trim() || c.name === c.number || c.name === c.lid;

/**
 * Makes the contact of the number and the contact of the LID one: the older (lower id) stays and
 * takes both identifiers, and everything that names a contact (tickets, messages, notes,
 * schedules) moves to it; tags, kanban columns and the rest follow their tickets; contact lists
 * hold numbers, not contacts. Two open or pending tickets on the same connection become one,
 * as the attendant would expect of one conversation: the newer ticket's messages, notes, tags
 * and schedules go to the older ticket, and the emptied newer ticket is deleted, so the list
 * shows one ticket with the whole conversation; when only the newer one was being attended
 * (open), the older takes its attendant, queue and status, so nobody loses the conversation.
 * Tickets already closed move as they are.
 * An audited `contacts.merged` event says what happened.
 */
async function merge(tx: Tx, events: EventLog, companyId: number, identity: { lid: string; number: string }, byNumber: ContactRow, byLid: ContactRow) {
  const [keep, drop] = byNumber.id < byLid.id ? [byNumber, byLid] : [byLid, byNumber];
  const now = new Date();
  const active = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.contactId, [keep.id, drop.id]), inArray(tickets.status, ["open", "pending"])))
    .orderBy(tickets.id)
    .for("update");
  const byConnection = new Map<number | null, TicketRow[]>();
  for (const t of active) byConnection.set(t.whatsappId, [...(byConnection.get(t.whatsappId) ?? []), t]);
  const combined: number[] = [];
  const before = new Map<number, Placement>();
  for (const [older, newer] of byConnection.values()) {
    if (!newer) continue;
    await tx
      .update(messages)
      .set({ ticketId: older.id })
      .where(and(eq(messages.companyId, companyId), eq(messages.ticketId, newer.id)));
    await tx
      .update(ticketNotes)
      .set({ ticketId: older.id })
      .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.ticketId, newer.id)));
    await tx
      .update(schedules)
      .set({ ticketId: older.id })
      .where(and(eq(schedules.companyId, companyId), eq(schedules.ticketId, newer.id)));
    await tx.execute(
      sql`insert into ticket_tags (company_id, ticket_id, tag_id) select company_id, ${older.id}::int, tag_id from ticket_tags where company_id = ${companyId}::int and ticket_id = ${newer.id}::int on conflict do nothing`,
    );
    const latest = newer.updatedAt > older.updatedAt ? newer : older;
    const attended = older.status === "pending" && newer.status === "open" ? { status: newer.status, userId: newer.userId, queueId: newer.queueId } : {};
    if (attended.status) before.set(older.id, older);
    await tx
      .update(tickets)
      .set({ ...attended, unreadMessages: older.unreadMessages + newer.unreadMessages, lastMessage: latest.lastMessage, updatedAt: now })
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, older.id)));
    await tx.delete(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, newer.id)));
    events.add(ticketDeleted(companyId, newer.id, newer));
    combined.push(newer.id);
  }
  const moved = await tx
    .update(tickets)
    .set({ contactId: keep.id, updatedAt: now })
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, drop.id)))
    .returning({ id: tickets.id });
  await tx
    .update(messages)
    .set({ contactId: keep.id })
    .where(and(eq(messages.companyId, companyId), eq(messages.contactId, drop.id)));
  await tx
    .update(ticketNotes)
    .set({ contactId: keep.id })
    .where(and(eq(ticketNotes.companyId, companyId), eq(ticketNotes.contactId, drop.id)));
  await tx
    .update(schedules)
    .set({ contactId: keep.id })
    .where(and(eq(schedules.companyId, companyId), eq(schedules.contactId, drop.id)));
  await tx.delete(contacts).where(and(eq(contacts.companyId, companyId), eq(contacts.id, drop.id)));
  const [row] = await tx
    .update(contacts)
    .set({
      number: identity.number,
      lid: identity.lid,
      name: unnamed(keep) && !unnamed(drop) ? drop.name : keep.name,
      username: keep.username ?? drop.username,
      email: keep.email || drop.email,
      profilePicUrl: keep.profilePicUrl || drop.profilePicUrl,
      extraInfo: keep.extraInfo.length ? keep.extraInfo : drop.extraInfo,
      updatedAt: now,
    })
    .where(and(eq(contacts.companyId, companyId), eq(contacts.id, keep.id)))
    .returning();
  const contact = presentContact(row);
  const channel = { userId: null };
  events.add(contactDeleted(drop, channel));
  events.add(contactUpdated(contact, ["number", "lid"], channel));
  events.add({
    type: "contacts.merged",
    companyId,
    stream: contactStream(keep.id),
    actor: channel,
    // the audit trail keeps it although no user acted (listeners/audit.ts)
    data: { contactId: keep.id, mergedContactId: drop.id, name: row.name, number: identity.number, lid: identity.lid, tickets: moved.length, combinedTickets: combined, source: "channel" },
  });
  const theirs = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, keep.id), inArray(tickets.status, ["open", "pending"])));
  for (const ticket of await presentTickets(tx, companyId, theirs)) events.add(ticketUpdated(ticket, { before: before.get(ticket.id) }));
  return row;
}
