import { index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { whatsapps } from "./whatsapps";

/**
 * A customer's message a channel delivered that could not be stored: kept as it came, with the
 * failure, for the company's admins (the channel was answered as if stored, so it stops trying).
 */
export const deadLetters = pgTable(
  "dead_letters",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    /** The connection's channel when it failed (sandbox, cloud, baileys). */
    channel: text().notNull(),
    externalId: text().notNull(),
    /** The failure's code (a PostgreSQL SQLSTATE, a Node code) or else its name. */
    errorCode: text().notNull(),
    /** Its first line, without the statement or its parameters. */
    errorMessage: text().notNull(),
    /** What the channel delivered, without file bytes or anything named like a secret. */
    payload: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    // a message that fails again (a channel that delivers it once more) stays one dead letter
    unique("dead_letters_connection_external_id").on(t.whatsappId, t.externalId),
    index("dead_letters_company_created_idx").on(t.companyId, t.createdAt),
  ],
);
