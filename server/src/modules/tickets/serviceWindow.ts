import { and, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { whatsapps } from "../../db/schema";
import { isoJson } from "../../db/sqlParams";

/** How long after the customer's last message a Cloud API connection may send free text. */
const SERVICE_WINDOW_MS = 24 * 60 * 60_000;

/** Whether the `tickets` row aliased `alias` is on a Cloud API connection, as SQL. */
const cloudSql = (alias: string) => `exists (select 1 from whatsapps sw where sw.id = ${alias}.whatsapp_id and sw.company_id = ${alias}.company_id and sw.channel = 'cloud')`;

/**
 * When the customer-service window of the `tickets` row aliased `alias` closes, as SQL giving the
 * ISO text or null: the customer's last message to that connection (in any of their tickets) plus
 * 24 hours, on Cloud API connections only.
 */
export const serviceWindowSql = (alias: string) =>
  `case when ${cloudSql(alias)} then (select ${isoJson("(max(sm.created_at) + interval '24 hours')")} from tickets st
    join messages sm on sm.ticket_id = st.id and sm.company_id = st.company_id and not sm.from_me
    where st.company_id = ${alias}.company_id and st.contact_id = ${alias}.contact_id and st.whatsapp_id = ${alias}.whatsapp_id) end`;

/** serviceWindowSql and whether the ticket is on a Cloud API connection, as the columns `serviceWindowEndsAt` and `serviceWindowCloud`. */
export const serviceWindowColumns = (alias: string) => `${serviceWindowSql(alias)} as "serviceWindowEndsAt", ${cloudSql(alias)} as "serviceWindowCloud"`;

/** The window's end after messages the same statement stored (its subqueries do not see them yet). */
export function windowAfter(endsAt: string | null, cloud: boolean, stored: { fromMe: boolean; createdAt: Date }[]): string | null {
  if (!cloud) return null;
  const latest = stored.filter((m) => !m.fromMe).reduce((max, m) => Math.max(max, m.createdAt.getTime()), 0);
  if (!latest) return endsAt;
  const fresh = new Date(latest + SERVICE_WINDOW_MS).toISOString();
  return endsAt && endsAt > fresh ? endsAt : fresh;
}

const clocks = new WeakMap<AppContext, () => Date>();

/** Gives an app the clock its window checks read (tests move it past 24 hours). */
export function useServiceWindowClock(ctx: AppContext, now: () => Date) {
  clocks.set(ctx, now);
}

export const serviceWindowNow = (ctx: AppContext) => (clocks.get(ctx) ?? (() => new Date()))();

/** Whether the ticket's connection is a Cloud API one, and whether its window is open now. */
export async function serviceWindowOf(ctx: AppContext, db: Db, ticket: { companyId: number; whatsappId: number | null; serviceWindowEndsAt: string | null }) {
  if (!ticket.whatsappId) return { cloud: false, open: true };
  const [w] = await db
    .select({ channel: whatsapps.channel })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, ticket.companyId), eq(whatsapps.id, ticket.whatsappId)));
  if (w?.channel !== "cloud") return { cloud: false, open: true };
  const endsAt = ticket.serviceWindowEndsAt ? Date.parse(ticket.serviceWindowEndsAt) : 0;
  return { cloud: true, open: endsAt > serviceWindowNow(ctx).getTime() };
}

/** The window's end of each ticket (by id) of the company, for the presenter. */
export async function serviceWindowsOf(db: Db, companyId: number, ids: number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = (await db.execute(
    sql`select t.id, ${sql.raw(serviceWindowSql("t"))} as ends from tickets t where t.company_id = ${companyId}::int and t.id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  )) as unknown as { rows: { id: number; ends: string | null }[] };
  return new Map(rows.rows.map((r) => [Number(r.id), r.ends]));
}
