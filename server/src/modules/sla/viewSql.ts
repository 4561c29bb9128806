import { sql } from "drizzle-orm";
import type { TicketSla } from "@balcao/common";
import type { Db } from "../../db/client";
import { isoJson } from "../../db/sqlParams";

/**
 * The SLA of the `tickets` row aliased `alias`, as SQL giving a JSON object or null: its running
 * cycle's due instants (stamped when the cycle started or changed queue), targets and first response.
 */
export const ticketSlaSql = (alias: string) =>
  `(select json_build_object(
      'firstResponseDueAt', ${isoJson("tr.first_response_due_at")}, 'firstResponseMinutes', tr.sla_first_response_minutes, 'firstResponseAt', ${isoJson("tr.first_response_at")},
      'firstResponseBreached', coalesce(coalesce(tr.first_response_at, now()) > tr.first_response_due_at, false),
      'resolutionDueAt', ${isoJson("tr.resolution_due_at")}, 'resolutionMinutes', tr.sla_resolution_minutes,
      'resolutionBreached', coalesce(now() > tr.resolution_due_at, false))
    from ticket_trackings tr
    where tr.company_id = ${alias}.company_id and tr.ticket_id = ${alias}.id and tr.finished_at is null
      and (tr.first_response_due_at is not null or tr.resolution_due_at is not null)
    order by tr.id desc limit 1)`;

/** The SLA of each ticket (by id) of the company, for the presenter. */
export async function ticketSlasOf(db: Db, companyId: number, ids: number[]): Promise<Map<number, TicketSla | null>> {
  if (ids.length === 0) return new Map();
  const rows = (await db.execute(
    sql`select t.id, ${sql.raw(ticketSlaSql("t"))} as sla from tickets t where t.company_id = ${companyId}::int and t.id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { id: number; sla: TicketSla | string | null }[] };
  return new Map(rows.rows.map((r) => [Number(r.id), typeof r.sla === "string" ? (JSON.parse(r.sla) as TicketSla) : (r.sla ?? null)]));
}
