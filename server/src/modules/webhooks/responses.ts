import { z } from "zod";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "@balcao/common";
import { id, messageAnswer, looseEntity, timestamp } from "../../http/responses/shapes";

const deliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);

/** An endpoint as its company's admins see it: the secret only as its last 4 characters. */
export const webhookEndpoint = looseEntity({
  id,
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  secretLast4: z.string(),
  lastDelivery: looseEntity({ status: deliveryStatus, responseCode: z.number().int().nullable(), createdAt: timestamp }).nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ description: "An outgoing webhook endpoint, its events and its last delivery." });

export const webhookEndpoints = z.array(webhookEndpoint).meta({ description: "The company's webhook endpoints." });

/** The create answer: `secret` only when the server made it, shown this once. */
export const createdWebhookEndpoint = webhookEndpoint
  .extend({ secret: z.string().optional().meta({ description: "The signing secret the server made, shown this once." }) })
  .meta({ description: "The new endpoint; its generated secret is shown only here." });

export const webhookEndpointDeleted = messageAnswer;

/** A delivery in the log, without its body. */
export const webhookDelivery = looseEntity({
  id,
  eventId: id,
  eventType: z.string(),
  status: deliveryStatus,
  responseCode: z.number().int().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: timestamp.nullable(),
  lastAttemptAt: timestamp.nullable(),
  createdAt: timestamp,
}).meta({ description: "One delivery of an event to the endpoint." });

export const webhookDeliveriesPage = looseEntity({ deliveries: z.array(webhookDelivery), count: z.number().int(), hasMore: z.boolean() }).meta({ description: "A page of the endpoint's deliveries, newest first." });
