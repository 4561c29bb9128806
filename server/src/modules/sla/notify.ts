import { and, eq, inArray, sql } from "drizzle-orm";
import type { SlaAlert } from "@balcao/common";
import type { AppContext } from "../../context";
import { tickets, userQueues, users } from "../../db/schema";

const WATCHERS = ["admin", "supervisor"];

/**
 * Tells the queue's supervisors and admins (those linked to the queue; for a ticket without a
 * queue, all of the company's) on their own sockets: only signed-in users are in those rooms.
 */
export async function notifySupervisors(ctx: AppContext, companyId: number, found: Omit<SlaAlert, "ticketUuid">) {
  const [ticket] = await ctx.db
    .select({ uuid: tickets.uuid })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.id, found.ticketId)));
  if (!ticket) return 0;
  const alert: SlaAlert = { ...found, ticketUuid: ticket.uuid };
  const linked = alert.queueId ? sql`exists (select 1 from ${userQueues} uq where uq.company_id = ${companyId}::int and uq.user_id = ${users.id} and uq.queue_id = ${alert.queueId}::int)` : sql`true`;
  const watchers = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.profile, WATCHERS), linked));
  for (const w of watchers) ctx.realtime.toUser(companyId, w.id, "sla", alert);
  return watchers.length;
}
