import { and, arrayContains, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import type { DomainEvent } from "../../events/types";
import { wakeWebhookDeliveries } from "../../jobs/webhookWakeups";
import { webhookBody } from "./payload";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One pending delivery per enabled endpoint of the event's company that chose its type. Seeing
 * the event again (a redelivery) adds nothing: (endpoint, event) is unique. Answers how many were added.
 */
export async function queueDeliveries(ctx: AppContext, event: DomainEvent): Promise<number> {
  if (event.companyId === null) return 0;
  // the endpoints the recording transaction saw (migration 0022's trigger), else read them now
  const endpoints =
    event.webhookEndpointIds !== undefined
      ? (event.webhookEndpointIds ?? []).map((id) => ({ id }))
      : await ctx.db
          .select({ id: webhookEndpoints.id })
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.companyId, event.companyId), eq(webhookEndpoints.enabled, true), arrayContains(webhookEndpoints.events, [event.type])));
  if (endpoints.length === 0) return 0;
  const body = await webhookBody(ctx, event);
  // due from this process's clock, to the millisecond, as the runs that take deliveries compare it:
  // the database's now() has microseconds, and a run in the same millisecond would find it not yet due
  const now = new Date();
  const retryUntil = new Date(now.getTime() + DAY_MS);
  const added = await ctx.db
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ companyId: event.companyId!, endpointId: e.id, eventId: event.id, eventType: event.type, body, retryUntil, nextAttemptAt: now })))
    .onConflictDoNothing({ target: [webhookDeliveries.endpointId, webhookDeliveries.eventId] })
    .returning({ id: webhookDeliveries.id });
  if (added.length) await wakeWebhookDeliveries(ctx);
  return added.length;
}
