import type { Database } from "../../db/client";
import { startOfDayIn, startOfNextDayIn } from "../../automation/timeZone";

interface FigureRow {
  day: string;
  queueId: number | null;
  queueName: string | null;
  userId: number | null;
  userName: string | null;
  cycles: number;
  firstResponseMet: number;
  firstResponseBreached: number;
  resolutionMet: number;
  resolutionBreached: number;
  firstResponseMedian: number | null;
  firstResponseP90: number | null;
  resolutionMedian: number | null;
  resolutionP90: number | null;
}

/**
 * One row per company day × queue × attendant of the service cycles queued in the period: targets
 * met and missed (a target still running and past due counts as missed), and the median and 90th
 * percentile of the first-response and resolution times (wall-clock seconds from queued).
 * The queue is the one the cycle's due instants were counted for.
 */
const STATEMENT = `
with c as (
  select tr.*, to_char(tr.queued_at at time zone $4, 'YYYY-MM-DD') as day
  from ticket_trackings tr
  where tr.company_id = $1 and tr.queued_at >= $2::timestamptz and tr.queued_at < $3::timestamptz
)
select c.day, c.sla_queue_id as "queueId", q.name as "queueName", c.user_id as "userId", u.name as "userName",
  count(*)::int as cycles,
  count(*) filter (where c.first_response_at <= c.first_response_due_at)::int as "firstResponseMet",
  count(*) filter (where coalesce(c.first_response_at, now()) > c.first_response_due_at)::int as "firstResponseBreached",
  count(*) filter (where c.finished_at <= c.resolution_due_at)::int as "resolutionMet",
  count(*) filter (where coalesce(c.finished_at, now()) > c.resolution_due_at)::int as "resolutionBreached",
  round(percentile_cont(0.5) within group (order by extract(epoch from c.first_response_at - c.queued_at)))::float8 as "firstResponseMedian",
  round(percentile_cont(0.9) within group (order by extract(epoch from c.first_response_at - c.queued_at)))::float8 as "firstResponseP90",
  round(percentile_cont(0.5) within group (order by extract(epoch from c.finished_at - c.queued_at)))::float8 as "resolutionMedian",
  round(percentile_cont(0.9) within group (order by extract(epoch from c.finished_at - c.queued_at)))::float8 as "resolutionP90"
from c
left join queues q on q.id = c.sla_queue_id and q.company_id = c.company_id
left join users u on u.id = c.user_id and u.company_id = c.company_id
group by c.day, c.sla_queue_id, q.name, c.user_id, u.name
order by q.name nulls last, c.sla_queue_id nulls last, u.name nulls last, c.user_id nulls last, c.day`;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** GET /reports/sla's figures for the company's days `from`..`to` in its time zone. */
export async function slaReport(database: Database, companyId: number, query: { from: string; to: string }, timeZone: string) {
  const rows = await database.query<FigureRow>(STATEMENT, [companyId, startOfDayIn(query.from, timeZone).toISOString(), startOfNextDayIn(query.to, timeZone).toISOString(), timeZone], { prepared: true });
  return {
    timeZone,
    from: query.from,
    to: query.to,
    rows: rows.map((r) => ({
      day: r.day,
      queue: r.queueId == null ? null : { id: Number(r.queueId), name: r.queueName },
      user: r.userId == null ? null : { id: Number(r.userId), name: r.userName },
      cycles: Number(r.cycles),
      firstResponse: { met: Number(r.firstResponseMet), breached: Number(r.firstResponseBreached), medianSeconds: num(r.firstResponseMedian), p90Seconds: num(r.firstResponseP90) },
      resolution: { met: Number(r.resolutionMet), breached: Number(r.resolutionBreached), medianSeconds: num(r.resolutionMedian), p90Seconds: num(r.resolutionP90) },
    })),
  };
}
type SlaReport = Awaited<ReturnType<typeof slaReport>>;

/** A row flattened for the CSV and XLSX columns (exportTexts); `none` names a missing queue or attendant. */
export const flatSlaRow = (r: SlaReport["rows"][number], none: { queue: string; attendant: string }) => ({
  day: r.day,
  queue: r.queue ? (r.queue.name ?? "") : none.queue,
  attendant: r.user ? (r.user.name ?? "") : none.attendant,
  cycles: r.cycles,
  firstResponseMet: r.firstResponse.met,
  firstResponseBreached: r.firstResponse.breached,
  firstResponseMedian: r.firstResponse.medianSeconds,
  firstResponseP90: r.firstResponse.p90Seconds,
  resolutionMet: r.resolution.met,
  resolutionBreached: r.resolution.breached,
  resolutionMedian: r.resolution.medianSeconds,
  resolutionP90: r.resolution.p90Seconds,
});
