import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { AppContext } from "../context";
import { messages, tickets } from "../db/schema";
import { deliver, STALE_CLAIM_MS, storeOutbound, type Claim } from "../modules/messages/send";
import { messageViewOf } from "../modules/messages/present";
import { presentTicket, type TicketView } from "../modules/tickets/present";
import { messageCreated, ticketUpdated } from "../modules/tickets/events";
import { publish } from "../events/command";

import type { Tx } from "../db/client";
export type { Tx };
type MessageRow = typeof messages.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

/**
 * Stores an automatic message (greeting, menu, rating question…) as pending, inside the
 * transaction that decided to send it: the decision and the message commit together, and
 * `releaseStaged` (or, after a crash, `redeliverPending`) hands it to the channel.
 */
export async function stageBotMessage(tx: Tx, ticket: Pick<TicketRow, "id" | "companyId" | "whatsappId" | "contactId">, body: string): Promise<MessageRow> {
  return (await storeOutbound(tx, ticket, { body })).row;
}

/**
 * Announces (as events, after the staging commit) and sends staged messages in the order they
 * were staged. `ticket`: the ticket's view as the staging transaction committed it, when the
 * caller already has it. `claimed`: the staging statement stored them claimed (sending) and read
 * what sending needs. Answers whether every one of them was sent.
 */
export async function releaseStaged(ctx: AppContext, staged: MessageRow[], ticket?: TicketView, claimed?: Claim) {
  return sendStaged(ctx, staged, ticket, claimed, true);
}

/**
 * Sends staged messages whose `message.created` events the staging transaction recorded itself
 * (`announce` false), or announces them first.
 */
export async function sendStaged(ctx: AppContext, staged: MessageRow[], ticket?: TicketView, claimed?: Claim, announce = false) {
  let allSent = true;
  for (const row of staged) {
    if (!ticket || ticket.id !== row.ticketId) {
      const [ticketRow] = await ctx.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, row.companyId), eq(tickets.id, row.ticketId)));
      if (!ticketRow) continue;
      ticket = await presentTicket(ctx.db, ticketRow);
    }
    if (announce) await publish(ctx, ...stagedEvents(ticket, [row]));
    const sent = await deliver(ctx, ticket, row, undefined, claimed).catch((err) => ctx.log?.warn({ err, messageId: row.id }, "automatic message not delivered"));
    allSent &&= sent?.sendStatus === "sent";
  }
  return allSent;
}

/** The events of automatic messages staged in `ticket`: each one created, then the ticket (its last message). */
export function stagedEvents(ticket: TicketView, staged: MessageRow[]) {
  if (staged.length === 0) return [];
  // an automatic message: ours, quoting nothing
  return [...staged.map((row) => messageCreated(ticket, messageViewOf(row, null))), ticketUpdated(ticket)];
}

/**
 * Outbound messages still pending after `graceMs`, or claimed (sending) longer than
 * STALE_CLAIM_MS ago: the process stopped between storing and sending them, or between a claim
 * and the send's outcome. `deliver` claims each one first, so one process sends it.
 */
export async function redeliverPending(ctx: AppContext, graceMs = 120_000) {
  const staleClaim = new Date(Date.now() - STALE_CLAIM_MS);
  const stale = await ctx.db
    .select()
    .from(messages)
    .where(
      and(
        inArray(messages.sendStatus, ["pending", "sending"]),
        eq(messages.fromMe, true),
        lt(messages.createdAt, new Date(Date.now() - graceMs)),
        or(eq(messages.sendStatus, "pending"), lt(messages.updatedAt, staleClaim)),
        // a send the channel turned back for its rate limits waits for its time (retryDueSends)
        or(isNull(messages.retryAt), lte(messages.retryAt, new Date())),
      ),
    )
    .limit(500);
  await deliverAll(ctx, stale);
  return stale.length;
}

/**
 * Messages a channel turned back for its rate limits whose time to go again has come (see
 * modules/messages/sendLater.ts), oldest first: run by a delayed job at that time and by the
 * minute sweep, so a restart in between loses none. `deliver` claims each, so one process sends it.
 */
export async function retryDueSends(ctx: AppContext) {
  const due = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.sendStatus, "pending"), eq(messages.fromMe, true), lte(messages.retryAt, new Date())))
    .orderBy(asc(messages.id))
    .limit(500);
  await deliverAll(ctx, due);
  return due.length;
}

async function deliverAll(ctx: AppContext, rows: MessageRow[]) {
  for (const row of rows) {
    const [ticketRow] = await ctx.db
      .select()
      .from(tickets)
      .where(and(eq(tickets.companyId, row.companyId), eq(tickets.id, row.ticketId)));
    if (ticketRow) await deliver(ctx, await presentTicket(ctx.db, ticketRow), row).catch(() => undefined);
  }
}
