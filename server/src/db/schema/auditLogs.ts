import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";

/**
 * Who did what to which record, when and from where (listeners/audit.ts writes it from domain
 * events). Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so a
 * company's or a user's deletion keeps the trail; names are kept as they were.
 */
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a failed sign-in with an email no company has. */
    companyId: integer(),
    companyName: text(),
    userId: integer(),
    userName: text(),
    /** The domain event's type: `user.updated`, `auth.signedIn`… */
    action: text().notNull(),
    entityType: text(),
    entityId: text(),
    summary: text().notNull().default(""),
    details: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    ip: text(),
    occurredAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    /** One row per domain event: a redelivered event adds nothing. */
    eventId: bigint({ mode: "number" }).notNull(),
  },
  (t) => [
    unique("audit_logs_event_id").on(t.eventId),
    index("audit_logs_company_occurred_idx").on(t.companyId, t.occurredAt.desc(), t.id.desc()),
    index("audit_logs_occurred_idx").on(t.occurredAt.desc(), t.id.desc()),
    index("audit_logs_company_action_idx").on(t.companyId, t.action.op("text_pattern_ops")),
  ],
);
