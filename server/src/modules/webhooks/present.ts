import type { WebhookDeliveryStatus, WebhookDeliverySummary, WebhookDeliveryView, WebhookEndpointView, WebhookEventType } from "@balcao/common";
import type { webhookDeliveries, webhookEndpoints } from "../../db/schema";

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** An endpoint as its company's admins see it: its secret only as the last 4 characters. */
export function presentEndpoint(row: EndpointRow, lastDelivery: WebhookDeliverySummary | null): WebhookEndpointView {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    secretLast4: row.secretLast4,
    lastDelivery,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A delivery in the log, without its body (the event it carried is named by id and type). */
export function presentDelivery(row: DeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status as WebhookDeliveryStatus,
    responseCode: row.responseCode,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
