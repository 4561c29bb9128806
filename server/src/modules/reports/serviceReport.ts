import type { ServiceReportDimension, ServiceReportQuery } from "@balcao/common";
import type { Database } from "../../db/client";
import { startOfDayIn, startOfNextDayIn } from "../../automation/timeZone";

/*
 * GET /reports/service: figures of the company's service cycles (rows of ticket_trackings).
 *
 * - A conversation is a cycle queued in the period (queuedAt within the company's days from..to).
 * - First response: firstResponseAt − queuedAt (the first message a person sent in the cycle),
 *   over the cycles that had one. Resolution: finishedAt − queuedAt, over the finished cycles.
 *   Average, median and 90th percentile (percentile_cont), in whole seconds; null with no cycle measured.
 * - Ratings: the rated cycles' 1/2/3 answers; ratedShare = rated ÷ resolved (the question goes out at the close).
 * - Dimensions: day (the company's day of queuedAt), attendant (the cycle's user), connection
 *   (the cycle's WhatsApp), queue (the ticket's current queue: a cycle does not keep its own),
 *   tag (the ticket's current tags: a cycle counts once in each tag, so rows may add up to more than
 *   the totals). Cycles without one are the row with key null. Days without cycles are listed with zeros.
 */

/** The SQL that names a cycle's group, per dimension; `k` is the ticket, `tt` its tags. */
const GROUP_KEYS: Record<ServiceReportDimension, string> = {
  day: "to_char(t.queued_at at time zone $4, 'YYYY-MM-DD')",
  attendant: "t.user_id",
  queue: "k.queue_id",
  connection: "t.whatsapp_id",
  tag: "tt.tag_id",
};

/** Each dimension's names, read for the keys found: [table, column]. */
const LABELS: Partial<Record<ServiceReportDimension, string>> = { attendant: "users", queue: "queues", connection: "whatsapps", tag: "tags" };

const FIGURES = `count(*)::int as conversations,
  count(t.finished_at)::int as resolved,
  count(t.first_response_at)::int as answered,
  round(avg(extract(epoch from t.first_response_at - t.queued_at)))::float8 as fr_avg,
  round(percentile_cont(0.5) within group (order by extract(epoch from t.first_response_at - t.queued_at)))::float8 as fr_median,
  round(percentile_cont(0.9) within group (order by extract(epoch from t.first_response_at - t.queued_at)))::float8 as fr_p90,
  round(avg(extract(epoch from t.finished_at - t.queued_at)))::float8 as res_avg,
  round(percentile_cont(0.5) within group (order by extract(epoch from t.finished_at - t.queued_at)))::float8 as res_median,
  round(percentile_cont(0.9) within group (order by extract(epoch from t.finished_at - t.queued_at)))::float8 as res_p90,
  count(*) filter (where t.rated and t.rate = 1)::int as rate1,
  count(*) filter (where t.rated and t.rate = 2)::int as rate2,
  count(*) filter (where t.rated and t.rate = 3)::int as rate3`;

interface FigureRow {
  key: string | number | null;
  conversations: number;
  resolved: number;
  answered: number;
  fr_avg: number | null;
  fr_median: number | null;
  fr_p90: number | null;
  res_avg: number | null;
  res_median: number | null;
  res_p90: number | null;
  rate1: number;
  rate2: number;
  rate3: number;
}

/** The statement for one dimension (or the totals when `groupBy` is null); only fixed text, every value a parameter. */
function statement(groupBy: ServiceReportDimension | null, query: ServiceReportQuery): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const where = ["t.company_id = $1", "t.queued_at >= $2", "t.queued_at < $3"];
  const needsTicket = groupBy === "queue" || groupBy === "tag" || query.queueId !== undefined;
  if (query.queueId !== undefined) where.push(`k.queue_id = $${5 + values.push(query.queueId) - 1}`);
  if (query.userId !== undefined) where.push(`t.user_id = $${5 + values.push(query.userId) - 1}`);
  if (query.whatsappId !== undefined) where.push(`t.whatsapp_id = $${5 + values.push(query.whatsappId) - 1}`);
  const joins = [needsTicket ? "join tickets k on k.id = t.ticket_id and k.company_id = $1" : "", groupBy === "tag" ? "left join ticket_tags tt on tt.ticket_id = t.ticket_id and tt.company_id = $1" : ""].join(" ");
  // $4 (the time zone) is always sent, so the parameters keep their numbers: cast so an unused one still has a type
  const zone = groupBy === "day" ? "" : " and $4::text is not null";
  const text = groupBy
    ? `select ${GROUP_KEYS[groupBy]} as key, ${FIGURES} from ticket_trackings t ${joins} where ${where.join(" and ")}${zone} group by 1 order by 1`
    : `select null as key, ${FIGURES} from ticket_trackings t ${joins} where ${where.join(" and ")}${zone}`;
  return { text, values };
}

const seconds = (avg: number | null, median: number | null, p90: number | null) => ({ avgSeconds: avg, medianSeconds: median, p90Seconds: p90 });

function present(row: FigureRow, label: string | null) {
  const rated = row.rate1 + row.rate2 + row.rate3;
  return {
    key: row.key === null ? null : String(row.key),
    label,
    conversations: row.conversations,
    resolved: row.resolved,
    answered: row.answered,
    firstResponse: seconds(row.fr_avg, row.fr_median, row.fr_p90),
    resolution: seconds(row.res_avg, row.res_median, row.res_p90),
    ratings: { 1: row.rate1, 2: row.rate2, 3: row.rate3 },
    rated,
    ratedShare: row.resolved > 0 ? Math.round((rated / row.resolved) * 10_000) / 10_000 : null,
    averageRating: rated > 0 ? Math.round(((row.rate1 + 2 * row.rate2 + 3 * row.rate3) / rated) * 100) / 100 : null,
  };
}

export type ServiceReportRow = ReturnType<typeof present>;

const EMPTY: Omit<FigureRow, "key"> = { conversations: 0, resolved: 0, answered: 0, fr_avg: null, fr_median: null, fr_p90: null, res_avg: null, res_median: null, res_p90: null, rate1: 0, rate2: 0, rate3: 0 };

/** Every company day from..to (yyyy-MM-dd), in order. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); at <= end; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

async function labels(database: Database, companyId: number, groupBy: ServiceReportDimension, keys: number[]): Promise<Map<number, string>> {
  const table = LABELS[groupBy];
  if (!table || keys.length === 0) return new Map();
  const rows = await database.query<{ id: number; name: string }>(`select id, name from ${table} where company_id = $1 and id = any($2::int[])`, [companyId, keys]);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The report of the caller's company over the query's period, in its time zone. */
export async function serviceReport(database: Database, companyId: number, query: ServiceReportQuery, timeZone: string) {
  const base = [companyId, startOfDayIn(query.from, timeZone).toISOString(), startOfNextDayIn(query.to, timeZone).toISOString(), timeZone];
  const grouped = statement(query.groupBy, query);
  const total = statement(null, query);
  const [rows, totals] = await Promise.all([
    database.query<FigureRow>(grouped.text, [...base, ...grouped.values], { prepared: true }),
    database.query<FigureRow>(total.text, [...base, ...total.values], { prepared: true }),
  ]);
  let presented: ServiceReportRow[];
  if (query.groupBy === "day") {
    const byDay = new Map(rows.map((r) => [r.key as string, r]));
    presented = daysOf(query.from, query.to).map((day) => present(byDay.get(day) ?? { key: day, ...EMPTY }, day));
  } else {
    const names = await labels(
      database,
      companyId,
      query.groupBy,
      rows.filter((r) => r.key !== null).map((r) => Number(r.key)),
    );
    presented = rows
      .map((r) => present(r, r.key === null ? null : (names.get(Number(r.key)) ?? null)))
      .sort((a, b) => (a.key === null ? 1 : b.key === null ? -1 : (a.label ?? "").localeCompare(b.label ?? "") || Number(a.key) - Number(b.key)));
  }
  return { timeZone, from: query.from, to: query.to, groupBy: query.groupBy, totals: present(totals[0] ?? { key: null, ...EMPTY }, null), rows: presented };
}

/** A report row flattened for the export's columns. */
export function flatRow(row: ServiceReportRow): Record<string, unknown> {
  return {
    key: row.key,
    label: row.label,
    conversations: row.conversations,
    resolved: row.resolved,
    answered: row.answered,
    firstResponseAvg: row.firstResponse.avgSeconds,
    firstResponseMedian: row.firstResponse.medianSeconds,
    firstResponseP90: row.firstResponse.p90Seconds,
    resolutionAvg: row.resolution.avgSeconds,
    resolutionMedian: row.resolution.medianSeconds,
    resolutionP90: row.resolution.p90Seconds,
    rating1: row.ratings[1],
    rating2: row.ratings[2],
    rating3: row.ratings[3],
    rated: row.rated,
    ratedShare: row.ratedShare,
    averageRating: row.averageRating,
  };
}
