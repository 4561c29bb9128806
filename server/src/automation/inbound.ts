import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { perApp, type AppContext } from "../context";
import { messages, tickets } from "../db/schema";
import { presentTicket } from "../modules/tickets/present";
import { messageCreated, messageUpdated, ticketUpdated } from "../modules/tickets/events";
import { command } from "../events/command";
import { recordedAs } from "../events/record";
import { messageViewOf, presentMessages } from "../modules/messages/present";
import { previewOf } from "../modules/messages/preview";
import type { InboundMessage } from "../channels/contract";
import { BATCH_SLOTS, KeyedBatches } from "../channels/keyedBatches";
import { storeInbound, type PreparedInbound, type StoreOptions, type StoreResult } from "./inboundStore";

const digits = (s: string) => s.replace(/\D/g, "");

/**
 * Stores one inbound message exactly once (inboundStore.ts) and tells the company's sockets.
 * A repeated (connection, external id) answers with the message already stored.
 * Concurrent deliveries never make two tickets.
 */
export async function receiveInbound(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage, opts: { intoTicketId?: number } = {}) {
  return (await receive(ctx, whatsapp, inbound, opts))!;
}

/**
 * `receiveInbound`, unless a rating question of this customer on this connection waits for its
 * answer (automation/rating.ts): then nothing is stored and the answer is null. The same
 * statement looks and stores, so the usual message costs no separate look.
 */
export function receiveInboundUnlessRating(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage) {
  return receive(ctx, whatsapp, inbound, { unlessRating: true });
}

interface Queued {
  ctx: AppContext;
  whatsapp: { id: number; companyId: number };
  item: PreparedInbound;
  opts: StoreOptions;
}

/** What a batch's messages share, so one statement can store them: not a message into a given ticket. */
const shapeOf = (q: Queued) => (q.opts.intoTicketId ? null : `${q.opts.unlessRating ?? false}`);

/** Stores queued messages of one customer in order, each run of messages of one shape in one statement. */
async function storeQueued(queued: Queued[]): Promise<StoreResult[]> {
  const results: StoreResult[] = [];
  for (let start = 0; start < queued.length;) {
    const shape = shapeOf(queued[start]);
    let end = start + 1;
    while (shape !== null && end < queued.length && shapeOf(queued[end]) === shape) end++;
    const { ctx, whatsapp, opts } = queued[start];
    const items = queued.slice(start, end).map((q) => q.item);
    const stored = shape === null ? (await storeInbound(ctx, whatsapp, [items], opts))[0] : await together(ctx).submit(`${whatsapp.id}:${shape}`, { whatsapp, items, opts });
    if (stored instanceof Error) throw stored;
    results.push(...stored);
    start = end;
  }
  return results;
}

interface Run {
  whatsapp: { id: number; companyId: number };
  items: PreparedInbound[];
  opts: StoreOptions;
}

/**
 * Runs of different customers' messages, per app, connection and shape: those that come while
 * one statement stores earlier ones go together in the next, one round trip and commit for many
 * customers (bench/diagnose/floor.ts).
 */
const together = perApp(
  (ctx) =>
    new KeyedBatches(
      (runs: Run[]) =>
        storeInbound(
          ctx,
          runs[0].whatsapp,
          runs.map((r) => r.items),
          runs[0].opts,
        ),
      undefined,
      BATCH_SLOTS,
    ),
);

/** One customer's messages on one connection, per app: stored one batch at a time (see KeyedBatches). */
const perCustomer = perApp(() => new KeyedBatches(storeQueued));

async function receive(ctx: AppContext, whatsapp: { id: number; companyId: number }, inbound: InboundMessage, opts: StoreOptions) {
  const companyId = whatsapp.companyId;
  const number = inbound.isGroup ? inbound.number : digits(inbound.number);
  const stored = inbound.media ? await ctx.media.save(companyId, inbound.media.data, inbound.media.filename) : null;
  const body = inbound.body ?? "";
  const item: PreparedInbound = {
    externalId: inbound.externalId,
    sourceNumber: inbound.number,
    number,
    lid: inbound.isGroup ? null : digits(inbound.lid ?? "") || null,
    username: inbound.isGroup ? null : inbound.username?.trim() || null,
    name: inbound.name?.trim() ?? "",
    isGroup: !!inbound.isGroup,
    fromMe: !!inbound.fromMe,
    body,
    preview: previewOf({ body, mediaType: inbound.mediaType, mediaName: stored?.filename }),
    mediaType: inbound.mediaType ?? null,
    mediaPath: stored?.key ?? null,
    mediaName: stored?.filename ?? null,
    quotedExternalId: inbound.quotedExternalId ?? null,
    participant: inbound.participant ?? null,
    forwarded: inbound.forwarded ?? false,
    quotedStatus: inbound.quotedStatus ?? null,
    createdAt: (inbound.timestamp ?? new Date()).toISOString(),
  };

  let result: StoreResult;
  try {
    result = await perCustomer(ctx).submit(`${whatsapp.id}:${number || `lid:${item.lid}`}`, { ctx, whatsapp, item, opts });
  } catch (err) {
    if (stored) await ctx.media.remove(companyId, stored.key);
    throw err;
  }

  if (!result) return null;
  if (result.duplicate) {
    if (stored) await ctx.media.remove(companyId, stored.key);
    const [ticketRow] = await ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, companyId), eq(tickets.id, result.message.ticketId)));
    const ticket = await presentTicket(ctx.db, ticketRow);
    const [message] = await presentMessages(ctx.db, companyId, [result.message]);
    return { duplicate: true as boolean, message, ticket, created: false };
  }
  const { ticket } = result;
  const [message] = result.message.quotedMsgId ? await presentMessages(ctx.db, companyId, [result.message]) : [messageViewOf(result.message, { id: result.contact.id, name: result.contact.name })];
  // the messages of one batch share the ticket as the batch left it: told once
  const created = messageCreated(ticket, message);
  // the message that opened its ticket: the bots greet it
  created.data.opened = result.created;
  const events = [recordedAs(created, result.eventId, result.webhooks.get(result.eventId))];
  if (result.ticketEventId) events.push(recordedAs(ticketUpdated(ticket), result.ticketEventId, result.webhooks.get(result.ticketEventId)));
  await ctx.events.dispatch(events);
  return { duplicate: false, message, ticket, created: result.created };
}

/** Delivery and read receipts only move forward. */
export function applyAck(ctx: AppContext, whatsapp: { id: number; companyId: number }, externalId: string, ack: number) {
  return changeMessage(ctx, whatsapp, externalId, { ack, updatedAt: new Date() }, sql`${messages.ack} < ${ack}`);
}

/** The customer's new text; the one it replaces joins the message's edit history. */
export function applyEdit(ctx: AppContext, whatsapp: { id: number; companyId: number }, externalId: string, body: string) {
  const at = new Date();
  const earlier = sql`case when ${messages.body} is distinct from ${body} then ${messages.editHistory} || jsonb_build_array(jsonb_build_object('body', ${messages.body}, 'at', ${at.toISOString()}::text)) else ${messages.editHistory} end`;
  return changeMessage(ctx, whatsapp, externalId, { body, isEdited: true, editHistory: earlier, updatedAt: at });
}

export function applyRemoteDelete(ctx: AppContext, whatsapp: { id: number; companyId: number }, externalId: string) {
  return changeMessage(ctx, whatsapp, externalId, { isDeleted: true, updatedAt: new Date() });
}

/** A change the channel reports about a message it delivered or sent, with its `message.updated` event. */
export function changeMessage(ctx: AppContext, whatsapp: { id: number; companyId: number }, externalId: string, set: PgUpdateSetSource<typeof messages>, only?: SQL) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(messages)
      .set(set)
      .where(and(eq(messages.companyId, whatsapp.companyId), eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, externalId), only))
      .returning();
    if (!row) return null;
    const [ticketRow] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, row.companyId), eq(tickets.id, row.ticketId)));
    if (ticketRow) events.add(messageUpdated(await presentTicket(tx, ticketRow), (await presentMessages(tx, row.companyId, [row]))[0]));
    return row;
  });
}
