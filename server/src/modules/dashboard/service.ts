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

/** Microseconds from one timestamp to another, exact (as the daily totals keep them, migration 0008). */
const micros = (end: string, start: string) => `round(extract(epoch from ${end} - ${start}) * 1000000)::bigint`;

/**
 * Every counter and attendant figure in one statement: the period's whole days from the daily
 * totals (a row per day and attendant), the partial days at its ends from the cycles and contacts
 * themselves, grouped per attendant plus one total row (grouping sets). The "now" counters come
 * from ticket_counts, as InitPlans. The total row also carries the company's users by name (every
 * attendant has a row in the table, with or without cycles), so the request costs one round trip.
 * Parameters: company, from, to (instants), firstDay, endDay (days), firstDay, endDay (instants).
 */
const FIGURES = `with parts as (
    select user_id, finished, talked, talk_us, rated, rate_sum, waited, wait_us, leads
      from dashboard_days where company_id = $1 and day >= $4::date and day < $5::date
    ${[["$2", "$6"], ["$7", "$3"]]
      .map(
        ([from, to]) => `
    union all
    select user_id, 1, (started_at is not null)::int, coalesce(${micros("finished_at", "started_at")}, 0), (rate is not null)::int, coalesce(rate, 0), 0, 0, 0
      from ticket_trackings where company_id = $1 and finished_at >= ${from}::timestamptz and finished_at < ${to}::timestamptz
    -- the average wait and the new contacts are the company's alone: these rows need no attendant
    union all
    select null, 0, 0, 0, 0, 0, 1, ${micros("started_at", "queued_at")}, 0
      from ticket_trackings where company_id = $1 and started_at >= ${from}::timestamptz and started_at < ${to}::timestamptz and started_at > queued_at
    union all
    select null, 0, 0, 0, 0, 0, 0, 0, count(*)::int
      from contacts where company_id = $1 and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz and not is_group`,
      )
      .join("")})
  select user_id as "userId", grouping(user_id) = 1 as "isTotal", coalesce(sum(finished), 0)::int as tickets,
    (sum(talk_us) / nullif(sum(talked), 0) / 60e6)::float8 as "avgSupport",
    (sum(rate_sum)::numeric / nullif(sum(rated), 0))::float8 as rating, coalesce(sum(rated), 0)::int as "countRating",
    (sum(wait_us) / nullif(sum(waited), 0) / 60e6)::float8 as "avgWait", coalesce(sum(leads), 0)::int as leads,
    (select coalesce(sum(n), 0)::int from ticket_counts where company_id = $1 and status = 'open') as open,
    (select coalesce(sum(n), 0)::int from ticket_counts where company_id = $1 and status = 'pending') as pending,
    case when grouping(user_id) = 1 then
      (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'online', u.online) order by u.name, u.id), '[]') from users u where u.company_id = $1)
    end as people
  from parts
  group by grouping sets ((user_id), ())`;

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
export function dashboardData(ctx: Pick<AppContext, "database">, companyId: number, query: DashboardQuery, now = new Date()) {
  return periodFigures(ctx, companyId, dashboardPeriod(query, now));
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
