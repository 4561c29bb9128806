import { and, asc, count, eq, gt, isNotNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { DashboardQuery } from "@balcao/common";
import type { Db } from "../../db/client";
import { contacts, ticketCounts, ticketTrackings, users } from "../../db/schema";
import { dashboardPeriod, inPeriod, type Period } from "./period";
import { presentAttendant, presentCounters, type AttendantFigures } from "./present";

/*
 * How the dashboard's figures are computed (core-workspace §2/§3 leave it open; these are ours).
 * Everything is for the caller's company only; a "cycle" is one row of ticket_trackings
 * (queued → started when an attendant accepts → finished when resolved).
 *
 * - supportHappening ('Em Conversa'): tickets open now (the period does not apply).
 * - supportPending ('Aguardando'): tickets pending now (the period does not apply).
 * - supportFinished ('Finalizados'): cycles finished in the period.
 * - leads ('Novos Contatos'): contacts (not groups) created in the period.
 * - avgSupportTime ('T.M. de Conversa'): average of finishedAt − startedAt, in minutes, over cycles
 *   finished in the period that had been started (a ticket closed while still pending has no conversation).
 * - avgWaitTime ('T.M. de Espera'): average of startedAt − queuedAt, in minutes, over cycles started in
 *   the period that waited at all (a ticket an attendant opens himself starts at once: nobody waited).
 * - per attendant (every user of the company, by name): tickets = his cycles finished in the period,
 *   avgSupportTime = their average conversation time, rating = the average rate (1–3) of those that
 *   were rated (0 with none), countRating = how many were rated, online = users.online.
 */

/**
 * Minutes between two timestamps, as a number in SQL: a float8 (date_part), since averaging extract()'s
 * numeric costs twice the time of the whole scan, and the figures are sent with two decimals.
 */
export const minutesBetween = (end: AnyColumn, start: AnyColumn) => sql`date_part('epoch', ${end} - ${start}) / 60`;

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** An uncorrelated subquery as one column: PostgreSQL runs it once per statement (an InitPlan), not per row. */
const scalar = (query: { getSQL(): SQL }) => sql`(${query})`;

/**
 * Every counter and attendant figure in one statement, so one request costs one round trip and
 * each table is read once through an index that covers it (index-only scans).
 * The rows are the finished cycles grouped per attendant plus one total row (grouping sets);
 * the "now" counters, the new contacts and the average wait ride along as InitPlans.
 */
function figures(db: Db, companyId: number, period: Period) {
  const t = ticketTrackings;
  // the counts kept by the tickets' triggers: a few rows, however many tickets
  const ticketsWith = (status: string) =>
    db.select({ n: sql`coalesce(sum(${ticketCounts.n}), 0)` }).from(ticketCounts).where(and(eq(ticketCounts.companyId, companyId), eq(ticketCounts.status, status)));
  const leads = db
    .select({ n: count() })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), inPeriod(contacts.createdAt, period), eq(contacts.isGroup, false)));
  const avgWait = db
    .select({ avg: sql`avg(${minutesBetween(t.startedAt, t.queuedAt)})` })
    .from(t)
    .where(and(eq(t.companyId, companyId), isNotNull(t.startedAt), inPeriod(t.startedAt, period), gt(t.startedAt, t.queuedAt)));
  return db
    .select({
      userId: t.userId,
      isTotal: sql<boolean>`grouping(${t.userId}) = 1`.mapWith(Boolean),
      tickets: sql<number>`count(*)`.mapWith(Number),
      avgSupport: sql`avg(${minutesBetween(t.finishedAt, t.startedAt)})`.mapWith(num),
      rating: sql`avg(${t.rate})`.mapWith(num),
      countRating: sql<number>`count(${t.rate})`.mapWith(Number),
      open: sql`${scalar(ticketsWith("open"))}`.mapWith(Number),
      pending: sql`${scalar(ticketsWith("pending"))}`.mapWith(Number),
      leads: sql`${scalar(leads)}`.mapWith(Number),
      avgWait: sql`${scalar(avgWait)}`.mapWith(num),
    })
    .from(t)
    .where(and(eq(t.companyId, companyId), isNotNull(t.finishedAt), inPeriod(t.finishedAt, period)))
    .groupBy(sql`grouping sets ((${t.userId}), ())`);
}

/** GET /dashboard: the counters and the attendants' table (every user of the company, by name) for the caller's company. */
export async function dashboardData(db: Db, companyId: number, query: DashboardQuery, now = new Date()) {
  const period = dashboardPeriod(query, now);
  const [people, rows] = await Promise.all([
    db.select({ id: users.id, name: users.name, online: users.online }).from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name), asc(users.id)),
    figures(db, companyId, period),
  ]);
  // grouping sets with () always give the total row, even over no cycles at all
  const total = rows.find((r) => r.isTotal)!;
  const counters = presentCounters({
    supportHappening: total.open,
    supportPending: total.pending,
    supportFinished: total.tickets,
    leads: total.leads,
    avgSupportTime: total.avgSupport,
    avgWaitTime: total.avgWait,
  });
  const byUser = new Map<number, AttendantFigures>(rows.filter((r) => !r.isTotal && r.userId !== null).map((r) => [r.userId!, r]));
  return { counters, attendants: people.map((person) => presentAttendant(person, byUser.get(person.id))) };
}
