import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { ticketTrackings } from "../db/schema";

type Runner = Db | Tx;
interface TicketRef {
  id: number;
  companyId: number;
  whatsappId: number | null;
}

/** A new service cycle: the ticket was opened (by a customer, an attendant, or a reopen). */
export async function startCycle(db: Runner, ticket: TicketRef, opts: { userId?: number | null; started?: boolean; at?: Date } = {}) {
  const at = opts.at ?? new Date();
  await db.insert(ticketTrackings).values({
    companyId: ticket.companyId,
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    userId: opts.userId ?? null,
    queuedAt: at,
    startedAt: opts.started ? at : null,
  });
}

/** The ticket's cycle still running, if any. */
export async function currentCycle(db: Runner, ticket: { id: number; companyId: number }) {
  const [row] = await db
    .select()
    .from(ticketTrackings)
    .where(and(eq(ticketTrackings.companyId, ticket.companyId), eq(ticketTrackings.ticketId, ticket.id), isNull(ticketTrackings.finishedAt)))
    .orderBy(desc(ticketTrackings.id))
    .limit(1);
  return row ?? null;
}

/** An attendant took the ticket: the wait ends (once) and the cycle is theirs. */
export async function markStarted(db: Runner, ticket: TicketRef, userId: number | null) {
  const cycle = await currentCycle(db, ticket);
  if (!cycle) return startCycle(db, ticket, { userId, started: true });
  await db
    .update(ticketTrackings)
    .set({ userId, startedAt: cycle.startedAt ?? new Date(), updatedAt: new Date() })
    .where(eq(ticketTrackings.id, cycle.id));
}

/** The ticket was resolved; `askRating` records that the rating question went out. */
export async function markFinished(db: Runner, ticket: TicketRef, userId: number | null, askRating: boolean) {
  const now = new Date();
  const cycle = await currentCycle(db, ticket);
  if (!cycle) {
    await db.insert(ticketTrackings).values({ companyId: ticket.companyId, ticketId: ticket.id, whatsappId: ticket.whatsappId, userId, queuedAt: now, finishedAt: now, ratingAt: askRating ? now : null });
    return;
  }
  await db
    .update(ticketTrackings)
    .set({ userId: userId ?? cycle.userId, finishedAt: now, ratingAt: askRating ? now : null, updatedAt: now })
    .where(eq(ticketTrackings.id, cycle.id));
}

/**
 * A person answered the customer: the running cycle's first response, kept once. Messages the
 * bot, a campaign or the API send carry no user and do not count.
 */
export async function markFirstResponse(db: Runner, ticket: { id: number; companyId: number }, at: Date) {
  await db
    .update(ticketTrackings)
    .set({ firstResponseAt: at })
    .where(and(eq(ticketTrackings.companyId, ticket.companyId), eq(ticketTrackings.ticketId, ticket.id), isNull(ticketTrackings.finishedAt), isNull(ticketTrackings.firstResponseAt)));
}
