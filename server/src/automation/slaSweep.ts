import { sql } from "drizzle-orm";
import type { SlaAlert, SlaKind } from "@balcao/common";
import type { AppContext } from "../context";
import { notifySupervisors } from "../modules/sla/notify";
import { stampRunningCycle } from "../modules/sla/stamp";

// cycles stamped per sweep at most (those a missed event left unstamped); the next sweep takes the rest
const STAMP_BATCH = 500;
// a breach older than this when found (the server was down, or the cycle predates its target) is recorded, not announced
const ANNOUNCE_WITHIN_MS = 10 * 60_000;

type Row = { company_id: number; ticket_id: number; queue_id: number | null; due_at: string | Date; kind: SlaKind };
const rowsOf = (r: unknown) => (r as { rows: Row[] }).rows;

/**
 * The minute's SLA work: stamps running cycles a missed event left without due instants, warns
 * the supervisors of cycles near their due instant (less than 20% of the target or 15 minutes
 * left, whichever is smaller), and records missed targets in sla_breaches. Each warning and each
 * breach is claimed by one statement, so two processes never tell twice. `now` is injectable for tests.
 */
export async function runSlaSweep(ctx: AppContext, now = new Date()) {
  const stale = rowsOf(
    await ctx.db.execute(sql`select tr.company_id, tr.ticket_id from ticket_trackings tr join tickets t on t.id = tr.ticket_id and t.company_id = tr.company_id
      where tr.finished_at is null and (tr.sla_stamped_at is null or tr.sla_queue_id is distinct from t.queue_id) limit ${STAMP_BATCH}`),
  );
  for (const r of stale) await stampRunningCycle(ctx.db, Number(r.company_id), Number(r.ticket_id));
  const alerts: { companyId: number; alert: Omit<SlaAlert, "ticketUuid"> }[] = [];
  const add = (action: SlaAlert["action"], rows: Row[]) => {
    for (const r of rows) {
      const dueAt = new Date(r.due_at).toISOString();
      if (action === "breach" && now.getTime() - Date.parse(dueAt) > ANNOUNCE_WITHIN_MS) continue;
      alerts.push({ companyId: Number(r.company_id), alert: { action, kind: r.kind, ticketId: Number(r.ticket_id), queueId: r.queue_id == null ? null : Number(r.queue_id), dueAt } });
    }
  };
  add("nearBreach", rowsOf(await ctx.db.execute(nearSql("firstResponse", now))));
  add("nearBreach", rowsOf(await ctx.db.execute(nearSql("resolution", now))));
  add("breach", rowsOf(await ctx.db.execute(breachSql("firstResponse", now))));
  add("breach", rowsOf(await ctx.db.execute(breachSql("resolution", now))));
  for (const { companyId, alert } of alerts) await notifySupervisors(ctx, companyId, alert);
  return { stamped: stale.length, alerts: alerts.length };
}

const COLUMNS = {
  firstResponse: { due: sql.raw("tr.first_response_due_at"), minutes: sql.raw("tr.sla_first_response_minutes"), warned: sql.raw("sla_first_response_warned_at"), done: sql.raw("tr.first_response_at") },
  resolution: { due: sql.raw("tr.resolution_due_at"), minutes: sql.raw("tr.sla_resolution_minutes"), warned: sql.raw("sla_resolution_warned_at"), done: sql.raw("tr.finished_at") },
};

/** Claims the warnings of running cycles now near their due instant, once each. */
function nearSql(kind: SlaKind, now: Date) {
  const c = COLUMNS[kind];
  const at = now.toISOString();
  return sql`update ticket_trackings tr set ${c.warned} = ${at}::timestamptz from tickets t
    where t.id = tr.ticket_id and t.company_id = tr.company_id and tr.finished_at is null and ${c.done} is null
      and ${c.due} is not null and tr.${c.warned} is null and ${c.due} > ${at}::timestamptz
      and ${c.due} - least(coalesce(${c.minutes}, 0) * interval '12 seconds', interval '15 minutes') <= ${at}::timestamptz
    returning tr.company_id, tr.ticket_id, t.queue_id, ${c.due} as due_at, ${kind}::text as kind`;
}

/** Records the targets missed by now, once per cycle and kind: running cycles, and those finished within the day. */
function breachSql(kind: SlaKind, now: Date) {
  const c = COLUMNS[kind];
  const at = now.toISOString();
  return sql`insert into sla_breaches (company_id, ticket_id, tracking_id, queue_id, user_id, kind, due_at, recorded_at)
    select tr.company_id, tr.ticket_id, tr.id, t.queue_id, tr.user_id, ${kind}::text, ${c.due}, ${at}::timestamptz
    from ticket_trackings tr join tickets t on t.id = tr.ticket_id and t.company_id = tr.company_id
    where (tr.finished_at is null or tr.finished_at > ${at}::timestamptz - interval '1 day')
      and ${c.due} is not null and ${c.due} < ${at}::timestamptz and (${c.done} is null or ${c.done} > ${c.due})
    on conflict (tracking_id, kind) do nothing
    returning company_id, ticket_id, queue_id, due_at, kind`;
}
