import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { ticketTrackings, tickets } from "./tickets";

/** A service cycle that missed an SLA target ('firstResponse' or 'resolution'): recorded once per cycle and kind. */
export const slaBreaches = pgTable(
  "sla_breaches",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    trackingId: integer()
      .notNull()
      .references(() => ticketTrackings.id, { onDelete: "cascade" }),
    queueId: integer(),
    userId: integer(),
    kind: text().notNull(),
    dueAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    recordedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [unique("sla_breaches_tracking_kind").on(t.trackingId, t.kind), index("sla_breaches_company_due_idx").on(t.companyId, t.dueAt)],
);
