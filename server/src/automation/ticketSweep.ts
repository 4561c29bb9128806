import { and, eq, gt, isNotNull, isNull, lte, ne, or, type SQL } from "drizzle-orm";
import type { AppContext } from "../context";
import { queues, tickets, whatsapps } from "../db/schema";
import { contactNameOf, Reply } from "./botContext";
import { readSettings } from "./companySettings";
import { transferNotice } from "./menus";
import { sendStaged, stagedEvents } from "./outbox";
import type { Tx } from "../db/client";
import { markFinished } from "./tracking";
import { presentTicket } from "../modules/tickets/present";
import { ticketUpdated } from "../modules/tickets/events";
import { command } from "../events/command";

type TicketRow = typeof tickets.$inferSelect;
type Connection = typeof whatsapps.$inferSelect;
const MINUTE = 60_000;

/**
 * The timed rules of the connections, run every minute: a pending ticket nobody took within
 * timeToTransfer minutes moves to the transfer queue; an open ticket silent for expiresTicket
 * minutes closes with the inactivity message. `now` is injectable for tests.
 */
export async function runTicketSweep(ctx: AppContext, now = new Date()) {
  const connections = await ctx.db
    .select()
    .from(whatsapps)
    .where(or(and(gt(whatsapps.timeToTransfer, 0), isNotNull(whatsapps.transferQueueId)), gt(whatsapps.expiresTicket, 0)));
  let transferred = 0;
  let expired = 0;
  for (const connection of connections) {
    if (connection.timeToTransfer && connection.transferQueueId) transferred += await transferUnattended(ctx, connection, now);
    if (connection.expiresTicket > 0) expired += await expireInactive(ctx, connection, now);
  }
  return { transferred, expired };
}

function transferUnattended(ctx: AppContext, connection: Connection, now: Date) {
  const target = connection.transferQueueId!;
  const waiting = and(
    eq(tickets.companyId, connection.companyId),
    eq(tickets.whatsappId, connection.id),
    eq(tickets.status, "pending"),
    isNull(tickets.userId),
    or(isNull(tickets.queueId), ne(tickets.queueId, target)),
    lte(tickets.createdAt, new Date(now.getTime() - connection.timeToTransfer! * MINUTE)),
  )!;
  return applyToEach(ctx, waiting, async (tx, before, reply) => {
    const [after] = await tx.update(tickets).set({ queueId: target, queueOptionId: null, chatbot: false, updatedAt: now }).where(eq(tickets.id, before.id)).returning();
    const { sendMsgTransfTicket } = await readSettings(tx, connection.companyId, ["sendMsgTransfTicket"] as const);
    if (sendMsgTransfTicket === "enabled" && !after.isGroup) {
      const [queue] = await tx.select({ name: queues.name }).from(queues).where(eq(queues.id, target));
      await reply(after).say(transferNotice(queue?.name ?? ""));
    }
    return after;
  });
}

function expireInactive(ctx: AppContext, connection: Connection, now: Date) {
  const silent = and(eq(tickets.companyId, connection.companyId), eq(tickets.whatsappId, connection.id), eq(tickets.status, "open"), lte(tickets.updatedAt, new Date(now.getTime() - connection.expiresTicket * MINUTE)))!;
  return applyToEach(ctx, silent, async (tx, before, reply) => {
    const [after] = await tx
      .update(tickets)
      .set({ status: "closed", unreadMessages: 0, useIntegration: false, promptId: null, integrationId: null, chatbot: false, updatedAt: new Date() })
      .where(eq(tickets.id, before.id))
      .returning();
    await markFinished(tx, after, after.userId, false);
    if (!after.isGroup) await reply(after).say(connection.expiresInactiveMessage);
    return after;
  });
}

/**
 * Applies a rule to every ticket that meets `due`, one transaction each: the ticket is locked
 * and checked again first, so a rule fires once per ticket however many processes sweep.
 */
async function applyToEach(ctx: AppContext, due: SQL, apply: (tx: Tx, before: TicketRow, reply: (t: TicketRow) => Reply) => Promise<TicketRow>) {
  const candidates = await ctx.db.select({ id: tickets.id }).from(tickets).where(due).limit(500);
  let count = 0;
  for (const { id } of candidates) {
    // the rule's change, what it says and their events commit together
    const result = await command(ctx, async (tx, events) => {
      const [before] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, id), due))
        .for("update");
      if (!before) return null;
      let replies: Reply | null = null;
      const name = await contactNameOf(tx, before);
      await apply(tx, before, (t) => (replies ??= new Reply(tx, t, name)));
      const staged = replies ? (replies as Reply).staged : [];
      const [fresh] = await tx.select().from(tickets).where(eq(tickets.id, id));
      const view = await presentTicket(tx, fresh);
      events.add(ticketUpdated(view, { before }), ...stagedEvents(view, staged));
      return { view, staged };
    });
    if (!result) continue;
    count++;
    await sendStaged(ctx, result.staged, result.view);
  }
  return count;
}
