import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { queues, tickets, users, whatsapps } from "../db/schema";
import { contactNameOf, Reply } from "./botContext";
import { readSettings } from "./companySettings";
import { DEFAULT_RATING_QUESTION, joinParts, RATING_CHOICES, transferNotice } from "./menus";
import { releaseStaged, type Tx } from "./outbox";
import { markFinished, markStarted, startCycle } from "./tracking";

type TicketRow = typeof tickets.$inferSelect;
interface Before { status: string; queueId: number | null; userId: number | null }

/**
 * What follows an attendant's change of a ticket: its life record (started, finished, a new
 * cycle on reopen), the closing or rating message on resolve and the transfer notice.
 * Messages are staged in the same transaction as the record, then sent.
 */
export async function afterTicketChange(ctx: AppContext, before: Before, after: TicketRow) {
  const staged = await ctx.db.transaction(async (tx) => {
    if (before.status === "pending" && after.status === "open") await markStarted(tx, after, after.userId);
    if (before.status === "closed" && after.status === "open") await startCycle(tx, after, { userId: after.userId, started: true });
    if (before.status !== "closed" && after.status === "closed") return onResolve(tx, after);
    if (after.status !== "closed" && after.queueId !== null && after.queueId !== before.queueId) return onTransfer(tx, after, before);
    return [];
  });
  await releaseStaged(ctx, staged);
}

async function connectionOf(tx: Tx, ticket: TicketRow) {
  if (!ticket.whatsappId) return null;
  const [w] = await tx.select().from(whatsapps).where(and(eq(whatsapps.companyId, ticket.companyId), eq(whatsapps.id, ticket.whatsappId)));
  return w ?? null;
}

async function onResolve(tx: Tx, ticket: TicketRow) {
  const connection = await connectionOf(tx, ticket);
  const { userRating } = await readSettings(tx, ticket.companyId, ["userRating"] as const);
  const askRating = userRating === "enabled" && !ticket.isGroup && !!connection && !!ticket.userId;
  await markFinished(tx, ticket, ticket.userId, askRating);
  if (!connection || ticket.isGroup) return [];
  const reply = new Reply(tx, ticket, await contactNameOf(tx, ticket));
  // with ratings on, the closing message waits for the customer's answer
  if (askRating) await reply.say(joinParts(connection.ratingMessage || DEFAULT_RATING_QUESTION, RATING_CHOICES));
  else await reply.say(connection.complationMessage);
  return reply.staged;
}

async function onTransfer(tx: Tx, ticket: TicketRow, before: Before) {
  if (ticket.isGroup || !ticket.whatsappId) return [];
  const { sendMsgTransfTicket } = await readSettings(tx, ticket.companyId, ["sendMsgTransfTicket"] as const);
  if (sendMsgTransfTicket !== "enabled") return [];
  const [queue] = await tx.select({ name: queues.name }).from(queues).where(eq(queues.id, ticket.queueId!));
  const user = ticket.userId && ticket.userId !== before.userId ? (await tx.select({ name: users.name }).from(users).where(eq(users.id, ticket.userId)))[0] : undefined;
  const reply = new Reply(tx, ticket, await contactNameOf(tx, ticket));
  await reply.say(transferNotice(queue?.name ?? "", user?.name));
  return reply.staged;
}
