import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { ticketTrackings, tickets } from "../../db/schema";
import { businessDueAt } from "./businessClock";
import { slaPolicyOf } from "./policy";

/**
 * Stamps the ticket's running cycle with its SLA due instants, counted in business time from when
 * it was queued, unless they are already stamped for the ticket's queue. True when it stamped.
 */
export async function stampRunningCycle(db: Db | Tx, companyId: number, ticketId: number): Promise<boolean> {
  const [row] = await db
    .select({ queueId: tickets.queueId, cycleId: ticketTrackings.id, queuedAt: ticketTrackings.queuedAt, stampedAt: ticketTrackings.slaStampedAt, stampedQueueId: ticketTrackings.slaQueueId })
    .from(tickets)
    .innerJoin(ticketTrackings, and(eq(ticketTrackings.companyId, tickets.companyId), eq(ticketTrackings.ticketId, tickets.id), isNull(ticketTrackings.finishedAt)))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)))
    .orderBy(sql`${ticketTrackings.id} desc`)
    .limit(1);
  if (!row || (row.stampedAt && row.stampedQueueId === row.queueId)) return false;
  const policy = await slaPolicyOf(db, companyId, row.queueId);
  const due = (minutes: number | null) => (minutes ? businessDueAt(policy.hours, policy.timeZone, row.queuedAt, minutes) : null);
  const updated = await db
    .update(ticketTrackings)
    .set({
      firstResponseDueAt: due(policy.firstResponseMinutes),
      resolutionDueAt: due(policy.resolutionMinutes),
      slaFirstResponseMinutes: policy.firstResponseMinutes,
      slaResolutionMinutes: policy.resolutionMinutes,
      slaQueueId: row.queueId,
      slaStampedAt: new Date(),
      // a new queue's targets warn again
      slaFirstResponseWarnedAt: null,
      slaResolutionWarnedAt: null,
    })
    .where(
      and(
        eq(ticketTrackings.companyId, companyId),
        eq(ticketTrackings.id, row.cycleId),
        isNull(ticketTrackings.finishedAt),
        or(isNull(ticketTrackings.slaStampedAt), sql`${ticketTrackings.slaQueueId} is distinct from ${row.queueId}::int`),
      ),
    )
    .returning({ id: ticketTrackings.id });
  return updated.length > 0;
}
