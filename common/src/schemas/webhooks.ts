import { z } from "zod";
import { idParam, pageNumberField } from "./common";
import { V } from "./messages";

/** The domain events a company's integration may receive, by type (see the README's Outgoing webhooks). */
export const WEBHOOK_EVENT_TYPES = [
  "ticket.updated",
  "ticket.deleted",
  "message.created",
  "message.updated",
  "contact.created",
  "contact.updated",
  "contact.deleted",
  "contacts.imported",
  "whatsapp.session",
  "schedule.created",
  "schedule.updated",
  "schedule.deleted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Deliveries a page, newest first. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
/** Bytes of the random secret the server makes when none is given. */
export const WEBHOOK_SECRET_BYTES = 32;

/** An http(s) URL without credentials in it (they would be stored and shown in the clear). */
export const webhookUrlField = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(2000, V.tooLong)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !!url.hostname;
    } catch {
      return false;
    }
  }, V.invalidValue);

export const webhookEventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: V.invalidValue }), { error: V.required })
  .min(1, V.required)
  .max(WEBHOOK_EVENT_TYPES.length, V.tooLong)
  .transform((types) => [...new Set(types)]);

/** Blank means "make one for me"; otherwise 16 to 200 visible characters. */
export const webhookSecretField = z
  .string({ error: V.invalidValue })
  .trim()
  .max(200, V.tooLong)
  .refine((v) => v === "" || (v.length >= 16 && /^[\x21-\x7e]+$/.test(v)), V.tooShort);

export const createWebhookEndpointBody = z.object({
  url: webhookUrlField,
  events: webhookEventsField,
  secret: webhookSecretField.optional().default(""),
  enabled: z.boolean({ error: V.invalidValue }).optional().default(true),
});
export type CreateWebhookEndpointBody = z.infer<typeof createWebhookEndpointBody>;
export type WebhookEndpointFormInput = z.input<typeof createWebhookEndpointBody>;

/** PUT: fields left out (and a blank secret) keep their value. */
export const updateWebhookEndpointBody = z.object({
  url: webhookUrlField.optional(),
  events: webhookEventsField.optional(),
  secret: webhookSecretField.optional(),
  enabled: z.boolean({ error: V.invalidValue }).optional(),
});
export type UpdateWebhookEndpointBody = z.infer<typeof updateWebhookEndpointBody>;

export const webhookDeliveriesQuery = z.object({ pageNumber: pageNumberField });
export const webhookDeliveryParams = z.object({ id: idParam, deliveryId: idParam });

export interface WebhookDeliverySummary {
  status: WebhookDeliveryStatus;
  responseCode: number | null;
  createdAt: string;
}

/** An endpoint as its company's admins see it: the secret only as its last 4 characters. */
export interface WebhookEndpointView {
  id: number;
  url: string;
  events: WebhookEventType[];
  enabled: boolean;
  secretLast4: string;
  lastDelivery: WebhookDeliverySummary | null;
  createdAt: string;
  updatedAt: string;
}

/** The create answer: `secret` only when the server made it, shown this once. */
export type CreatedWebhookEndpoint = WebhookEndpointView & { secret?: string };

export interface WebhookDeliveryView {
  id: number;
  eventId: number;
  eventType: string;
  status: WebhookDeliveryStatus;
  responseCode: number | null;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  createdAt: string;
}

export interface WebhookDeliveriesPage {
  deliveries: WebhookDeliveryView[];
  count: number;
  hasMore: boolean;
}
