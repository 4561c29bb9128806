import { and, count, desc, eq } from "drizzle-orm";
import { WEBHOOK_DELIVERIES_PAGE_SIZE, type WebhookDeliveriesPage, type WebhookDeliveryView } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { webhookDeliveries } from "../../db/schema";
import { notFound } from "../../http/errors";
import { authorize } from "../../policies";
import { wakeWebhookDeliveries } from "../../jobs/webhookWakeups";
import { findEndpoint } from "./endpoints";
import { presentDelivery } from "./present";

const DAY_MS = 24 * 60 * 60 * 1000;

/** An endpoint's deliveries, newest first, a page at a time. */
export async function listDeliveries(ctx: AppContext, caller: Caller, endpointId: number, pageNumber: number): Promise<WebhookDeliveriesPage> {
  authorize(caller, "webhooks:manage");
  await findEndpoint(ctx.db, caller.companyId, endpointId);
  const limit = WEBHOOK_DELIVERIES_PAGE_SIZE;
  const offset = (pageNumber - 1) * limit;
  const own = and(eq(webhookDeliveries.companyId, caller.companyId), eq(webhookDeliveries.endpointId, endpointId));
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(webhookDeliveries).where(own).orderBy(desc(webhookDeliveries.id)).limit(limit).offset(offset),
    ctx.db.select({ total: count() }).from(webhookDeliveries).where(own),
  ]);
  return { deliveries: rows.map(presentDelivery), count: total, hasMore: total > offset + rows.length };
}

/**
 * "Send again": the same body and event id, due now, tried again for 24 h from now. A delivery
 * still pending is only brought forward (it keeps its claim if it is being sent).
 */
export async function retryDelivery(ctx: AppContext, caller: Caller, endpointId: number, deliveryId: number): Promise<WebhookDeliveryView> {
  authorize(caller, "webhooks:manage");
  await findEndpoint(ctx.db, caller.companyId, endpointId);
  const now = new Date();
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: "pending", nextAttemptAt: now, retryUntil: new Date(now.getTime() + DAY_MS), updatedAt: now })
    .where(and(eq(webhookDeliveries.companyId, caller.companyId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)))
    .returning();
  if (!row) throw notFound();
  await wakeWebhookDeliveries(ctx);
  return presentDelivery(row);
}
