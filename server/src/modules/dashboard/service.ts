import type { DashboardQuery } from "@balcao/common";
import type { AppContext } from "../../context";
import type { Database } from "../../db/client";
import { jsonOf } from "../../channels/sqlRows";
import { dashboardPeriod, type Period } from "./period";
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

const DAY_MS = 86_400_000;

/** A bound for SQL: an ISO instant or day, or ±infinity for a period open on that side. */
const instant = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString() : ms > 0 ? "infinity" : "-infinity");
const utcDay = (ms: number) => (Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : ms > 0 ? "infinity" : "-infinity");

/**
 * The period as whole UTC days in the middle, read from the kept daily totals, and the parts of a
 * day at each end [from, firstDay) and [endDay, to), read from the cycles themselves.
 */
export function splitIntoDays(period: Period) {
  const from = period.from?.getTime() ?? -Infinity;
  const to = period.to?.getTime() ?? Infinity;
  let firstDay = Number.isFinite(from) ? Math.ceil(from / DAY_MS) * DAY_MS : from;
  let endDay = Number.isFinite(to) ? Math.floor(to / DAY_MS) * DAY_MS : to;
  // no whole day inside: everything from the cycles
  if (!(firstDay < endDay)) firstDay = endDay = to;
  return { from, to, firstDay, endDay };
}

/**
 * Every counter and attendant figure in one call of dashboard_figures (migration 0016): the
 * period's whole days from the daily totals, the partial days at its ends from the cycles and
 * contacts themselves, a row per attendant plus the total row, which also carries the company's
 * users by name. The function's statement always runs on its kept plan, whatever the estimates.
 * Parameters: company, from, to (instants), firstDay, endDay (days), firstDay, endDay (instants).
 */
const FIGURES = `select user_id as "userId", is_total as "isTotal", tickets, avg_support as "avgSupport", rating, count_rating as "countRating",
    avg_wait as "avgWait", leads, open, pending, people
  from dashboard_figures($1, $2, $3, $4, $5, $6, $7)`;

interface FigureRow extends AttendantFigures {
  userId: number | null;
  isTotal: boolean;
  avgWait: number | null;
  open: number;
  pending: number;
  leads: number;
  /** On the total row: the company's users, by name (JSON). */
  people: unknown;
}

function figures(database: Database, companyId: number, period: Period) {
  const { from, to, firstDay, endDay } = splitIntoDays(period);
  return database.query<FigureRow>(FIGURES, [companyId, instant(from), instant(to), utcDay(firstDay), utcDay(endDay), instant(firstDay), instant(endDay)], { prepared: true });
}

/** GET /dashboard: the counters and the attendants' table (every user of the company, by name) for the caller's company. */
export function dashboardData(ctx: Pick<AppContext, "database">, companyId: number, query: DashboardQuery, now = new Date(), timeZone?: string) {
  return periodFigures(ctx, companyId, dashboardPeriod(query, now, timeZone));
}

/** The dashboard's counters and attendants' table for any period of time. */
export async function periodFigures(ctx: Pick<AppContext, "database">, companyId: number, period: Period) {
  const rows = await figures(ctx.database, companyId, period);
  // grouping sets with () always give the total row, even over no cycles at all
  const total = rows.find((r) => r.isTotal)!;
  const people = jsonOf<{ id: number; name: string; online: boolean }[]>(total.people);
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
