import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../context";
import { contacts, messages, tickets } from "../db/schema";
import { presentTicket } from "../modules/tickets/present";
import { TICKET_PARTS, viewFromParts } from "../modules/tickets/viewJson";
import { emitAppMessage, emitTicketUpdate } from "../modules/tickets/realtime";
import { messageViewOf, presentMessages } from "../modules/messages/present";
import type { InboundMessage } from "./contract";
import { rowOf, rowsOf } from "./sqlRows";
import { awaitingRating } from "../automation/ratingWindow";
import { OneAtATime } from "./oneAtATime";

const digits = (s: string) => s.replace(/\D/g, "");

/** One customer's messages on one connection are stored one at a time (see OneAtATime). */
const perCustomer = new OneAtATime();

/** Text shown as a ticket's last message for a message without text. */
export function previewOf(m: { body: string; mediaType?: string | null; mediaName?: string | null }) {
  if (m.body) return m.mediaType === "locationMessage" ? m.body.split("|")[2] || "📍" : m.body.slice(0, 500);
  if (m.mediaType === "call_log") return "📞";
  return m.mediaName ?? m.mediaType ?? "";
}

/** How many times a message that lost a race (a ticket or the same message committed meanwhile) is tried again. */
const ATTEMPTS = 5;

/**
 * Something a channel records together with the message, in the same statement: a CTE
 * (ending with a comma) that reads the stored message as `m` (empty for a duplicate), and a
 * name for its SQL text.
 */
export interface Alongside { cte: SQL; name: string }

/**
 * Stores one inbound message exactly once, in one statement (so one transaction): it upserts
 * the contact, finds the contact's open or pending ticket on this connection (or opens a
 * pending one), inserts the message and makes it the ticket's last message, and returns what
 * the socket events need. A repeated (connection, external id) answers with the message
 * already stored. The unique indexes decide races: a statement that lost one (another delivery
 * opened the ticket or stored the message after this statement's snapshot) stores nothing and
 * runs again, and then sees the winner. Concurrent deliveries never make two tickets.
 */
export async function receiveInbound(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage, opts: { intoTicketId?: number; alongside?: Alongside } = {}) {
  return (await receive(ctx, whatsapp, inbound, opts))!;
}

/**
 * `receiveInbound`, unless a rating question of this customer on this connection waits for its
 * answer (automation/rating.ts): then nothing is stored and the answer is null. The same
 * statement looks and stores, so the usual message costs no separate look.
 */
export function receiveInboundUnlessRating(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage, alongside?: Alongside) {
  return receive(ctx, whatsapp, inbound, { unlessRating: true, alongside });
}

async function receive(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage, opts: { intoTicketId?: number; unlessRating?: boolean; alongside?: Alongside }) {
  const companyId = whatsapp.companyId;
  const number = inbound.isGroup ? inbound.number : digits(inbound.number);
  const stored = inbound.media ? await ctx.media.save(companyId, inbound.media.data, inbound.media.filename) : null;
  const name = inbound.name?.trim() ?? "";
  const isGroup = !!inbound.isGroup;
  const fromMe = !!inbound.fromMe;
  const body = inbound.body ?? "";
  const preview = previewOf({ body, mediaType: inbound.mediaType, mediaName: stored?.filename });
  const unread = fromMe ? 0 : 1;
  const quoted = inbound.quotedExternalId ? sql`(select id from messages where whatsapp_id = ${whatsapp.id}::int and external_id = ${inbound.quotedExternalId}::text)` : sql`null::int`;
  const createdAt = (inbound.timestamp ?? new Date()).toISOString();

  const attempt = async () => {
    const now = new Date().toISOString();
    // the rating question still waiting for this customer's answer (as automation/rating.ts looks for it)
    // the rating question still waiting for this customer's answer (as automation/rating.ts looks for it)
    const rating = opts.unlessRating ? sql`awaiting as (select 1 ${awaitingRating(companyId, whatsapp.id, number)} limit 1),` : sql`awaiting as (select 1 where false),`;
    // an answer that belongs to a given (possibly closed) ticket, such as a rating, opens nothing
    const locate = opts.intoTicketId
      ? sql`active as (select t.* from tickets t where t.company_id = ${companyId}::int and t.id = ${opts.intoTicketId}::int and exists (select 1 from c)),
            opened as (select t.* from tickets t where false),`
      : sql`active as (
              select t.* from tickets t, c
              where t.company_id = ${companyId}::int and t.contact_id = c.id and t.whatsapp_id = ${whatsapp.id}::int and t.status in ('open', 'pending')
              order by t.id desc limit 1),
            opened as (
              insert into tickets (company_id, contact_id, whatsapp_id, status, is_group, last_message, unread_messages, updated_at)
              select ${companyId}::int, c.id, ${whatsapp.id}::int, 'pending', ${isGroup}::boolean, ${preview}::text, ${unread}::int, ${now}::timestamptz
              from c where not exists (select 1 from active)
              on conflict (company_id, contact_id, whatsapp_id) where status in ('open', 'pending') do nothing
              returning *),
            -- a new service cycle (automation/tracking.ts, startCycle)
            cycle as (
              insert into ticket_trackings (company_id, ticket_id, whatsapp_id, user_id, queued_at, started_at)
              select company_id, id, whatsapp_id, null, ${now}::timestamptz, null from opened),`;
    const [r] = await rowsOf(
      ctx.db,
      sql`with dup as (select m.* from messages m where m.whatsapp_id = ${whatsapp.id}::int and m.external_id = ${inbound.externalId}::text),
          ${rating}
          c as (
            insert into contacts (company_id, name, number, is_group, whatsapp_id)
            select ${companyId}::int, ${name || number}::text, ${number}::text, ${isGroup}::boolean, ${whatsapp.id}::int where not exists (select 1 from dup) and not exists (select 1 from awaiting)
            on conflict (company_id, number) where number <> '' do update
              -- a contact still named by its number takes the name the customer gave
              set name = case when contacts.name = contacts.number and ${name}::text <> '' then ${name}::text else contacts.name end, updated_at = ${now}::timestamptz
            returning *),
          ${locate}
          chosen as (select id from opened union all select id from active where not exists (select 1 from opened)),
          m as (
            insert into messages (company_id, ticket_id, whatsapp_id, contact_id, external_id, body, from_me, read, media_type, media_path, media_name, ack, quoted_msg_id, participant, created_at)
            select ${companyId}::int, chosen.id, ${whatsapp.id}::int, c.id, ${inbound.externalId}::text, ${body}::text, ${fromMe}::boolean, ${fromMe}::boolean,
              ${inbound.mediaType ?? null}::text, ${stored?.key ?? null}::text, ${stored?.filename ?? null}::text, ${fromMe ? 1 : 0}::int, ${quoted}, ${inbound.participant ?? null}::text, ${createdAt}::timestamptz
            from chosen, c
            on conflict (whatsapp_id, external_id) do nothing
            returning *),
          -- a ticket this statement opened already carries the message as its last
          upd as (
            update tickets t set last_message = ${preview}::text, unread_messages = t.unread_messages + ${unread}::int, updated_at = ${now}::timestamptz
            from active where t.id = active.id and exists (select 1 from m)
            returning t.*),
          ${opts.alongside?.cte ?? sql``}
          t as (select * from upd union all select * from opened)
        select (select row_to_json(dup) from dup) as dup, (select row_to_json(c) from c) as contact, (select row_to_json(m) from m) as message,
          row_to_json(t) as ticket, exists (select 1 from opened) as created, exists (select 1 from awaiting) as awaiting, ${TICKET_PARTS}
        from (select 1) as one left join t on true`,
      `balcao_inbound_${opts.intoTicketId ? "into" : "active"}${inbound.quotedExternalId ? "_quoting" : ""}${opts.unlessRating ? "_rating" : ""}${opts.alongside ? `_${opts.alongside.name}` : ""}`,
    );
    return r;
  };

  const run = async () => {
    for (let i = 0; i < ATTEMPTS; i++) {
      const r = await attempt();
      const duplicate = rowOf(messages, r.dup);
      if (duplicate) return { duplicate: true as const, message: duplicate };
      if (r.awaiting === true) return null;
      const message = rowOf(messages, r.message);
      if (message) {
        const contact = rowOf(contacts, r.contact)!;
        return { duplicate: false as const, message, contact, ticket: viewFromParts(rowOf(tickets, r.ticket)!, contact, r), created: r.created === true };
      }
      // lost a race, or the given ticket is gone
      if (opts.intoTicketId && !(await ctx.db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, opts.intoTicketId)))).length) break;
    }
    throw new Error(`inbound message ${inbound.externalId} not stored after ${ATTEMPTS} attempts`);
  };

  let result: Awaited<ReturnType<typeof run>>;
  try {
    result = await perCustomer.run(`${whatsapp.id}:${number}`, run);
  } catch (err) {
    if (stored) await ctx.media.remove(companyId, stored.key);
    throw err;
  }

  if (!result) return null;
  if (result.duplicate) {
    if (stored) await ctx.media.remove(companyId, stored.key);
    const [ticketRow] = await ctx.db.select().from(tickets).where(and(eq(tickets.companyId, companyId), eq(tickets.id, result.message.ticketId)));
    const ticket = await presentTicket(ctx.db, ticketRow);
    const [message] = await presentMessages(ctx.db, companyId, [result.message]);
    return { duplicate: true as boolean, message, ticket, created: false };
  }
  const { ticket } = result;
  const [message] = result.message.quotedMsgId ? await presentMessages(ctx.db, companyId, [result.message]) : [messageViewOf(result.message, { id: result.contact.id, name: result.contact.name })];
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
  const [ticketRow] = await ctx.db.select().from(tickets).where(and(eq(tickets.companyId, row.companyId), eq(tickets.id, row.ticketId)));
  if (!ticketRow) return;
  const ticket = await presentTicket(ctx.db, ticketRow);
  const [message] = await presentMessages(ctx.db, row.companyId, [row]);
  emitAppMessage(ctx.realtime, ticket, "update", message);
}
