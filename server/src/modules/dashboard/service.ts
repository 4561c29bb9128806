import { and, asc, eq, gt, inArray, isNotNull, sql, type AnyColumn } from "drizzle-orm";
import type { DashboardQuery } from "@balcao/common";
import type { Db } from "../../db/client";
import { contacts, tickets, ticketTrackings, users } from "../../db/schema";
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

/** Minutes between two timestamps, as a number in SQL. */
export const minutesBetween = (end: AnyColumn, start: AnyColumn) => sql`extract(epoch from (${end} - ${start})) / 60`;

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

async function ticketsNow(db: Db, companyId: number) {
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${tickets.status} = 'open')`.mapWith(Number),
      pending: sql<number>`count(*) filter (where ${tickets.status} = 'pending')`.mapWith(Number),
    })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), inArray(tickets.status, ["open", "pending"])));
  return row;
}

async function finishedCycles(db: Db, companyId: number, period: Period) {
  const t = ticketTrackings;
  const [row] = await db
    .select({
      finished: sql<number>`count(*)`.mapWith(Number),
      avgSupport: sql`avg(${minutesBetween(t.finishedAt, t.startedAt)})`.mapWith(num),
    })
    .from(t)
    .where(and(eq(t.companyId, companyId), isNotNull(t.finishedAt), inPeriod(t.finishedAt, period)));
  return row;
}

async function averageWait(db: Db, companyId: number, period: Period) {
  const t = ticketTrackings;
  const [row] = await db
    .select({ avgWait: sql`avg(${minutesBetween(t.startedAt, t.queuedAt)})`.mapWith(num) })
    .from(t)
    .where(and(eq(t.companyId, companyId), isNotNull(t.startedAt), gt(t.startedAt, t.queuedAt), inPeriod(t.startedAt, period)));
  return row.avgWait;
}

async function newContacts(db: Db, companyId: number, period: Period) {
  const [row] = await db
    .select({ leads: sql<number>`count(*)`.mapWith(Number) })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), eq(contacts.isGroup, false), inPeriod(contacts.createdAt, period)));
  return row.leads;
}

/** Every user of the company by name, with the figures of the cycles they finished in the period. */
async function attendants(db: Db, companyId: number, period: Period) {
  const t = ticketTrackings;
  const [people, figures] = await Promise.all([
    db.select({ id: users.id, name: users.name, online: users.online }).from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name), asc(users.id)),
    db
      .select({
        userId: t.userId,
        tickets: sql<number>`count(*)`.mapWith(Number),
        avgSupport: sql`avg(${minutesBetween(t.finishedAt, t.startedAt)})`.mapWith(num),
        rating: sql`avg(${t.rate})`.mapWith(num),
        countRating: sql<number>`count(${t.rate})`.mapWith(Number),
      })
      .from(t)
      .where(and(eq(t.companyId, companyId), isNotNull(t.userId), isNotNull(t.finishedAt), inPeriod(t.finishedAt, period)))
      .groupBy(t.userId),
  ]);
  const byUser = new Map<number, AttendantFigures>(figures.map((f) => [f.userId!, f]));
  return people.map((person) => presentAttendant(person, byUser.get(person.id)));
}

/** GET /dashboard: the counters and the attendants' table for the caller's company. */
export async function dashboardData(db: Db, companyId: number, query: DashboardQuery, now = new Date()) {
  const period = dashboardPeriod(query, now);
  const [live, finished, avgWait, leads, people] = await Promise.all([
    ticketsNow(db, companyId),
    finishedCycles(db, companyId, period),
    averageWait(db, companyId, period),
    newContacts(db, companyId, period),
    attendants(db, companyId, period),
  ]);
  const counters = presentCounters({
    supportHappening: live.open,
    supportPending: live.pending,
    supportFinished: finished.finished,
    leads,
    avgSupportTime: finished.avgSupport,
    avgWaitTime: avgWait,
  });
  return { counters, attendants: people };
}
