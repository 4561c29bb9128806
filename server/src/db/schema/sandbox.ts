import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { whatsapps } from "./whatsapps";

/**
 * The sandbox channel's own "WhatsApp servers": what each side of a sandbox conversation
 * sent, as the customer's phone sees it. Separate from the product's messages on purpose.
 */
export const sandboxMessages = pgTable(
  "sandbox_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    whatsappId: integer()
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    externalId: text().notNull(),
    number: text().notNull(),
    /** "in": customer → company; "out": company → customer. */
    direction: text().notNull(),
    body: text().notNull().default(""),
    mediaType: text(),
    mediaName: text(),
    mediaPath: text(),
    quotedId: text(),
    ack: integer().notNull().default(1),
    deleted: boolean().notNull().default(false),
    /** The company's reaction to it, as the phone shows it. */
    reaction: text(),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    index("sandbox_messages_conversation_idx").on(t.whatsappId, t.number, t.createdAt),
    // a message's copy on each side of the phone exists once: the statement that stores an
    // inbound message adds its copy with ON CONFLICT, whatever the table's statistics
    uniqueIndex("sandbox_messages_external_key").on(t.whatsappId, t.externalId, t.direction),
  ],
);
