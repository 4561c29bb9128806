import { bigint, boolean, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

/** Where a company's integration receives its chosen events, signed with the endpoint's secret. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    url: text().notNull(),
    events: text().array().notNull(),
    /** Sealed with the server's channel key (channels/sealing.ts); never shown after creation. */
    secret: text().notNull(),
    secretLast4: text().notNull(),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index("webhook_endpoints_company_idx").on(t.companyId)],
);

/** One event for one endpoint: the exact body, sent until a 2xx or until `retryUntil`. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventId: bigint({ mode: "number" }).notNull(),
    eventType: text().notNull(),
    /** The JSON sent, byte for byte: a retry or "send again" signs and sends the same. */
    body: text().notNull(),
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    responseCode: integer(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true, mode: "date" }),
    /** When a pending delivery is due; null once it succeeded or failed. */
    nextAttemptAt: timestamp({ withTimezone: true, mode: "date" }).defaultNow(),
    /** After this a failed try marks it failed (24 h from creation, or from "send again"). */
    retryUntil: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    /** A sender holds it until then: two processes never send one delivery at once. */
    claimedUntil: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    // the listener may see an event twice (a redelivery after a crash): still one delivery
    unique("webhook_deliveries_endpoint_event").on(t.endpointId, t.eventId),
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
  ],
);
