import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { companies } from "./companies";

/**
 * What happened, written in the transaction that made it happen (the outbox): a dispatcher hands
 * each event to the listeners after commit, and again after a crash until every listener is done.
 * An event every listener has handled is deleted; the table holds only what is still to dispatch
 * and what was given up.
 */
export const domainEvents = pgTable(
  "domain_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for the platform's own events (a company's creation is the platform's fact). */
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    type: text().notNull(),
    /** Events of one stream (`ticket:42`) reach each listener in the order they were recorded. */
    stream: text().notNull(),
    /** Who did it and from where; null for a customer, a channel or a job. */
    actorId: integer(),
    actorIp: text(),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** The listeners that have handled it; the event is dispatched when every one that wants it has. */
    done: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When its tries stopped: a listener still failed after a day (`lastError` says why). */
    givenUpAt: timestamp({ withTimezone: true, mode: "date" }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    /** A process that took it to dispatch after a crash or a failure holds it until then. */
    claimedUntil: timestamp({ withTimezone: true, mode: "date" }),
    lastError: text(),
    /**
     * The company's enabled webhook endpoints that chose this type when the event was recorded
     * (set by a trigger, in the recording transaction): the webhooks listener needs no read.
     */
    webhookEndpointIds: integer().array(),
  },
  (t) => [
    index("domain_events_undispatched_idx")
      .on(t.id)
      .where(sql`${t.givenUpAt} is null`),
  ],
);
