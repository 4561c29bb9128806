import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { contacts } from "./contacts";
import { tickets } from "./tickets";
import { whatsapps } from "./whatsapps";
import { timestamps } from "./timestamps";

/** A reaction to a message: the customer's ("contact") or an attendant's ("user"). */
export interface MessageReaction {
  by: "contact" | "user";
  userId: number | null;
  name: string | null;
  emoji: string;
  at: string;
}

/** A text a message had before an edit, and when it was replaced. */
export interface MessageEdit {
  body: string;
  at: string;
}

export const messages = pgTable(
  "messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    contactId: integer().references(() => contacts.id, { onDelete: "set null" }),
    /** The channel's own id of the message; with the connection, it makes a delivery idempotent. */
    externalId: text().notNull(),
    body: text().notNull().default(""),
    fromMe: boolean().notNull().default(false),
    read: boolean().notNull().default(false),
    mediaType: text(),
    /** Key of the stored file under the company's media folder (never a public path). */
    mediaPath: text(),
    mediaName: text(),
    ack: integer().notNull().default(0),
    isDeleted: boolean().notNull().default(false),
    isEdited: boolean().notNull().default(false),
    quotedMsgId: integer(),
    participant: text(),
    userId: integer(),
    /** Outbound only: 'pending' until the channel accepts it, then 'sent', or 'failed'. */
    sendStatus: text(),
    dataJson: jsonb(),
    /** What a customer's audio says, as the AI's transcription read it. */
    transcript: text(),
    /** Who reacted to it with what, oldest first: one reaction per customer and per attendant. */
    reactions: jsonb().$type<MessageReaction[]>().notNull().default([]),
    /** The texts it had before each edit, oldest first. */
    editHistory: jsonb().$type<MessageEdit[]>().notNull().default([]),
    /** The customer forwarded it from another conversation. */
    forwarded: boolean().notNull().default(false),
    /** A reply to a status: the status's text or caption, as quoted. */
    quotedStatus: text(),
    /** When its body and media were erased with its contact's personal data; the row stays for counts and reports. */
    erasedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Outbound only: the channel asked to slow down (its rate limits); the message stays pending and is sent again from then. */
    retryAt: timestamp({ withTimezone: true, mode: "date" }),
    /** Outbound only: how many sends in a row the channel's rate limits turned back. */
    sendAttempts: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    unique("messages_connection_external_id").on(t.whatsappId, t.externalId),
    index("messages_ticket_created_idx").on(t.ticketId, t.createdAt),
    index("messages_company_idx").on(t.companyId),
    // outbound messages a stop left unsent (pending, or claimed and never told how the send went), swept every minute
    index("messages_unsent_idx")
      .on(t.createdAt)
      .where(sql`${t.sendStatus} in ('pending', 'sending')`),
    // a conversation's unread customer messages (page 1 of GET /messages marks them read)
    index("messages_unread_idx")
      .on(t.ticketId)
      .where(sql`not ${t.read} and not ${t.fromMe}`),
    // search by text anywhere in a message, within one company (pg_trgm + btree_gin). New messages
    // go to a pending list of at most 1 MB (≈450 messages), merged in bulk when full: each insert
    // costs half the CPU of a direct one, and a search scans at most that list (≈0.3 ms)
    index("messages_company_body_trgm_idx").using("gin", t.companyId, t.body.op("gin_trgm_ops")).with({ fastupdate: true, gin_pending_list_limit: 1024 }),
  ],
);

export const quickMessages = pgTable(
  "quick_messages",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    userId: integer(),
    shortcode: text().notNull(),
    message: text().notNull().default(""),
    geral: boolean().notNull().default(false),
    status: boolean().notNull().default(true),
    mediaPath: text(),
    mediaName: text(),
    ...timestamps,
  },
  (t) => [index("quick_messages_company_idx").on(t.companyId)],
);
