import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import type { DashboardChartQuery } from "@balcao/common";
import type { Db } from "../../db/client";
import { ticketTrackings, users } from "../../db/schema";
import { chartPeriod, inPeriod } from "./period";

/**
 * 'Total de Conversas por Usuários': per user of the company (by name, those without any at 0),
 * the service cycles he finished between the two days (inclusive).
 */
export async function conversationsPerUser(db: Db, companyId: number, query: DashboardChartQuery, timeZone: string) {
  const period = chartPeriod(query.initialDate, query.finalDate, timeZone);
  const t = ticketTrackings;
  const [people, counts] = await Promise.all([
    db.select({ id: users.id, name: users.name }).from(users).where(eq(users.companyId, companyId)).orderBy(asc(users.name), asc(users.id)),
    db
      .select({ userId: t.userId, total: sql<number>`count(*)`.mapWith(Number) })
      .from(t)
      .where(and(eq(t.companyId, companyId), isNotNull(t.userId), inPeriod(t.finishedAt, period)))
      .groupBy(t.userId),
  ]);
  const byUser = new Map(counts.map((c) => [c.userId!, c.total]));
  return { data: people.map((u) => ({ nome: u.name, quantidade: byUser.get(u.id) ?? 0 })) };
}

/** yyyy-MM-dd → dd/MM/yyyy, as the original system labels its days. */
const brazilianDay = (isoDay: string) => isoDay.split("-").reverse().join("/");

/**
 * 'Total de Atendimentos': the tickets served in the period, each once, however often it was
 * resolved and reopened (a reopen continues the same conversation; a customer who writes again
 * after the close gets a new ticket, which counts). A ticket is counted on the day (`data`,
 * dd/MM/yyyy) or, when both days are the same, the hour of that day (`horario`, "00"–"23") when
 * it first arrived in the period (a service cycle's queuedAt), in the company's time zone, in time
 * order; only days or hours with tickets are listed. `count` is the total, the sum of the bars.
 */
export async function ticketsPerDay(db: Db, companyId: number, query: DashboardChartQuery, timeZone: string) {
  const period = chartPeriod(query.initialDate, query.finalDate, timeZone);
  const byHour = query.initialDate === query.finalDate;
  const t = ticketTrackings;
  const firsts = db
    .select({ arrivedAt: sql<Date>`min(${t.queuedAt})`.as("arrived_at") })
    .from(t)
    .where(and(eq(t.companyId, companyId), inPeriod(t.queuedAt, period)))
    .groupBy(t.ticketId)
    .as("firsts");
  const local = sql`(${firsts.arrivedAt} at time zone ${timeZone})`;
  const bucket = byHour ? sql<string>`to_char(${local}, 'HH24')` : sql<string>`to_char(${local}, 'YYYY-MM-DD')`;
  // grouped by position: the time zone is a parameter, so the select and group-by expressions differ textually
  const rows = await db
    .select({ bucket: bucket.mapWith(String), total: sql<number>`count(*)`.mapWith(Number) })
    .from(firsts)
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  const data = rows.map((r) => (byHour ? { horario: r.bucket, total: r.total } : { data: brazilianDay(r.bucket), total: r.total }));
  return { data, count: rows.reduce((sum, r) => sum + r.total, 0) };
}
