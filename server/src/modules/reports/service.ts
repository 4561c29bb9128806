import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { DashboardChartQuery } from "@balcao/common";
import type { Db } from "../../db/client";
import { messages, queues, ticketTrackings, tickets, users } from "../../db/schema";
import { chartPeriod, inPeriod } from "../dashboard/period";

/**
 * Service cycles that arrived between the two days (inclusive), counted per attendant who took
 * them and per queue of their ticket; those never taken or without a queue are left out.
 */
export async function appointmentsPerAttendant(db: Db, companyId: number, query: DashboardChartQuery, timeZone: string) {
  const period = chartPeriod(query.initialDate, query.finalDate, timeZone);
  const t = ticketTrackings;
  const inWindow = and(eq(t.companyId, companyId), inPeriod(t.queuedAt, period));
  const total = sql<number>`count(*)`.mapWith(Number);
  const [byAttendant, byQueue] = await Promise.all([
    db
      .select({ user_id: users.id, user_name: users.name, total_tickets: total })
      .from(t)
      .innerJoin(users, and(eq(users.id, t.userId), eq(users.companyId, companyId)))
      .where(and(inWindow, isNotNull(t.userId)))
      .groupBy(users.id, users.name)
      .orderBy(asc(users.name)),
    db
      .select({ queue_id: queues.id, name: queues.name, color: queues.color, total_tickets: total })
      .from(t)
      .innerJoin(tickets, eq(tickets.id, t.ticketId))
      .innerJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, companyId)))
      .where(inWindow)
      .groupBy(queues.id, queues.name, queues.color)
      .orderBy(asc(queues.name)),
  ]);
  return { appointmentsByAttendents: byAttendant, ticketsByQueues: byQueue };
}

/** Messages of the company between the two days, per hour of the day in the company's time zone; only hours with messages. */
export async function messagesPerHour(db: Db, companyId: number, query: DashboardChartQuery, timeZone: string) {
  const period = chartPeriod(query.initialDate, query.finalDate, timeZone);
  const hour = sql<number>`extract(hour from ${messages.createdAt} at time zone ${timeZone})::int`.mapWith(Number);
  return db
    .select({ message_hour: hour, message_count: sql<number>`count(*)`.mapWith(Number) })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), inPeriod(messages.createdAt, period)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** The customers' average rating (1–3) per queue of the rated ticket, for cycles finished between the two days. */
export async function ratingsPerQueue(db: Db, companyId: number, query: DashboardChartQuery, timeZone: string) {
  const period = chartPeriod(query.initialDate, query.finalDate, timeZone);
  const t = ticketTrackings;
  return db
    .select({ queue_id: queues.id, name: queues.name, total_rate: sql<number>`round(avg(${t.rate}), 2)`.mapWith(Number), total_ratings: sql<number>`count(*)`.mapWith(Number) })
    .from(t)
    .innerJoin(tickets, eq(tickets.id, t.ticketId))
    .innerJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, companyId)))
    .where(and(eq(t.companyId, companyId), eq(t.rated, true), isNotNull(t.rate), inPeriod(t.finishedAt, period)))
    .groupBy(queues.id, queues.name)
    .orderBy(asc(queues.name));
}
