import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, real, text, timestamp } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { queues } from "./queues";
import { timestamps } from "./timestamps";

/** An AI assistant's instructions (administration §2): the model answers the tickets of its connection or queue. */
export const prompts = pgTable(
  "prompts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text().notNull(),
    prompt: text().notNull(),
    /** Where the bot hands the customer to a person; required on input, emptied if the queue goes. */
    queueId: integer().references(() => queues.id, { onDelete: "set null" }),
    maxTokens: integer().notNull().default(100),
    temperature: real().notNull().default(1),
    maxMessages: integer().notNull().default(10),
    voice: text().notNull().default("texto"),
    /** Sealed with the server's channel key (channels/sealing.ts); shown by the last 4 characters only. */
    voiceKey: text(),
    voiceRegion: text(),
    apiKey: text(),
    /** Any OpenAI-compatible endpoint; the official one when empty. */
    baseUrl: text(),
    model: text(),
    ...timestamps,
  },
  (t) => [index("prompts_company_idx").on(t.companyId)],
);

/**
 * A customer's message the AI has answered (or handed over): the claim that makes answering it
 * once, committed with the reply it staged, so a redelivered event says nothing again.
 */
export const promptReplies = pgTable(
  "prompt_replies",
  {
    companyId: companyColumn(),
    messageId: integer().notNull(),
    ticketId: integer().notNull(),
    promptId: integer().notNull(),
    /** Set in the transaction that stages the reply: a row without it is an answer still due (a stop, a failure). */
    answeredAt: timestamp({ withTimezone: true, mode: "date" }),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.messageId] }),
    index("prompt_replies_due_idx")
      .on(t.createdAt)
      .where(sql`${t.answeredAt} is null`),
  ],
);

/** A ticket the AI handed to a person: its bot stays silent for the rest of the ticket. */
export const promptHandovers = pgTable(
  "prompt_handovers",
  {
    companyId: companyColumn(),
    ticketId: integer().notNull(),
    promptId: integer(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.ticketId] })],
);
