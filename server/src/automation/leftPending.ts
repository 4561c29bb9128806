import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { AppContext } from "../context";
import { messages, tickets, whatsapps } from "../db/schema";
import { deliver } from "../modules/messages/send";
import { presentTicket, type TicketView } from "../modules/tickets/present";

export interface LeftPendingScope {
  /** Messages stored before this time only: a peer sending one right now is left alone. */
  before: Date;
  whatsappId?: number;
  /** Connections of these channels only. */
  channels?: string[];
  /**
   * Also claims (sending) made before this time, when no other process can be sending them: the
   * process that claimed them stopped. Taken back and sent again; one the channel had already
   * accepted just before the stop may go out twice, which a claim's 10-minute staleness allows too.
   */
  claimedBefore?: Date;
}

/**
 * Sends, in the order they were stored, outbound messages left pending: by a stop between a
 * commit and its send, or by a send that found its session's holding process gone. Run when a
 * process starts and when a session comes up, instead of waiting for the minute sweep's grace.
 * `deliver` claims each one first, so a message another process sends meanwhile goes out once.
 */
export async function sendLeftPending(ctx: AppContext, scope: LeftPendingScope) {
  const ofConnections = scope.channels ? ctx.db.select({ id: whatsapps.id }).from(whatsapps).where(inArray(whatsapps.channel, scope.channels)) : undefined;
  const inScope = and(
    eq(messages.fromMe, true),
    lt(messages.createdAt, scope.before),
    scope.whatsappId === undefined ? undefined : eq(messages.whatsappId, scope.whatsappId),
    ofConnections ? inArray(messages.whatsappId, ofConnections) : undefined,
  );
  if (scope.claimedBefore) {
    await ctx.db
      .update(messages)
      .set({ sendStatus: "pending" })
      .where(and(inScope, eq(messages.sendStatus, "sending"), lt(messages.updatedAt, scope.claimedBefore)));
  }
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(and(inScope, eq(messages.sendStatus, "pending")))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(500);
  const views = new Map<number, TicketView | null>();
  let sent = 0;
  for (const row of rows) {
    if (!views.has(row.ticketId)) {
      const [ticketRow] = await ctx.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, row.companyId), eq(tickets.id, row.ticketId)));
      views.set(row.ticketId, ticketRow ? await presentTicket(ctx.db, ticketRow) : null);
    }
    const ticket = views.get(row.ticketId);
    if (!ticket) continue;
    const view = await deliver(ctx, ticket, row).catch((err) => ctx.log?.warn({ err, messageId: row.id }, "pending message not delivered"));
    if (view?.sendStatus === "sent") sent++;
  }
  return sent;
}
