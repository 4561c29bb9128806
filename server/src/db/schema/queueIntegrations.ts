import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

/**
 * A bot or workflow a queue or connection hands its customers to (administration §3). jsonContent
 * (a Dialogflow service account) and secret (the webhook signing secret) are sealed with the
 * server's channel key (channels/sealing.ts) and never presented whole.
 */
export const queueIntegrations = pgTable(
  "queue_integrations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    type: text().notNull(),
    name: text().notNull(),
    projectName: text().notNull().default(""),
    jsonContent: text().notNull().default(""),
    clientEmail: text(),
    language: text().notNull().default(""),
    urlN8N: text("url_n8n").notNull().default(""),
    secret: text().notNull().default(""),
    secretLast4: text(),
    typebotSlug: text().notNull().default(""),
    typebotExpires: integer().notNull().default(1),
    typebotDelayMessage: integer().notNull().default(1000),
    typebotKeywordFinish: text().notNull().default(""),
    typebotKeywordRestart: text().notNull().default(""),
    typebotRestartMessage: text().notNull().default(""),
    typebotUnknownMessage: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [index("queue_integrations_company_idx").on(t.companyId)],
);

/** A ticket's conversation with its integration: the bot's session (Typebot) and when it last spoke. */
export const integrationSessions = pgTable(
  "integration_sessions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    ticketId: integer().notNull(),
    integrationId: integer().notNull(),
    sessionId: text(),
    /** The choices the bot offered last, so a customer may answer with their number. */
    choices: jsonb().$type<string[]>().notNull().default([]),
    lastActivityAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [uniqueIndex("integration_sessions_ticket_idx").on(t.companyId, t.ticketId)],
);

/**
 * One customer message handed to a ticket's integration: answered once (unique per message),
 * tried again with backoff when the endpoint fails, then handed to a person.
 */
export const integrationCalls = pgTable(
  "integration_calls",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    ticketId: integer().notNull(),
    messageId: integer().notNull(),
    integrationId: integer().notNull(),
    /** pending, done, failed */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    claimedUntil: timestamp({ withTimezone: true, mode: "date" }),
    lastError: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex("integration_calls_message_idx").on(t.companyId, t.messageId), index("integration_calls_due_idx").on(t.status, t.nextAttemptAt)],
);
