import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { contacts } from "./contacts";
import { queues } from "./queues";
import { users } from "./users";
import { whatsapps } from "./whatsapps";
import { timestamps } from "./timestamps";

export const tickets = pgTable(
  "tickets",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    uuid: uuid().notNull().defaultRandom().unique(),
    companyId: companyColumn(),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    whatsappId: integer().references(() => whatsapps.id, { onDelete: "set null" }),
    queueId: integer().references(() => queues.id, { onDelete: "set null" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    status: text().notNull().default("pending"),
    unreadMessages: integer().notNull().default(0),
    isGroup: boolean().notNull().default(false),
    lastMessage: text().notNull().default(""),
    chatbot: boolean().notNull().default(false),
    useIntegration: boolean().notNull().default(false),
    integrationId: integer(),
    promptId: integer(),
    /** Where the customer stands in the queue's chatbot menu (null: at the top). */
    queueOptionId: integer(),
    ...timestamps,
  },
  (t) => [
    // A contact never has two open or pending tickets on one connection.
    uniqueIndex("tickets_one_active_per_contact")
      .on(t.companyId, t.contactId, t.whatsappId)
      .where(sql`status in ('open', 'pending')`),
    index("tickets_company_status_updated_idx").on(t.companyId, t.status, t.updatedAt),
    index("tickets_company_contact_idx").on(t.companyId, t.contactId, t.whatsappId),
    // the lists' counts read this index alone (index-only scan), whatever the queue and user filters;
    // a list of an attendant's own tickets and nobody's walks one queue and holder newest first (tickets/list.ts mergedPage)
    index("tickets_company_status_queue_user_updated_idx").on(t.companyId, t.status, t.queueId, t.userId, t.updatedAt, t.id),
    // a list's walk through one queue, newest first (tickets/list.ts mergedPage)
    index("tickets_company_status_queue_updated_idx").on(t.companyId, t.status, t.queueId, t.updatedAt, t.id),
    // lists without a status (search) in their order
    index("tickets_company_updated_idx").on(t.companyId, t.updatedAt),
  ],
);

/**
 * How many tickets a company has per status, queue and attendant, kept by triggers on `tickets`
 * (migration 0006), so the lists' counts and the dashboard read a few rows instead of counting
 * thousands of tickets. No foreign key: the trigger runs at commit, after a company's deletion.
 */
export const ticketCounts = pgTable(
  "ticket_counts",
  {
    companyId: integer().notNull(),
    status: text().notNull(),
    queueId: integer(),
    userId: integer(),
    n: integer().notNull().default(0),
  },
  (t) => [unique("ticket_counts_key").on(t.companyId, t.status, t.queueId, t.userId).nullsNotDistinct()],
);

/**
 * The finished service cycles of each UTC day, per company and attendant, kept by triggers on
 * ticket_trackings (migration 0008) and contacts (0009), so the dashboard sums a row per day and attendant instead of
 * reading every cycle of the period. Cycles finished that day: how many, how many had started
 * (with their summed conversation time), how many were rated (with the rates' sum). Cycles started
 * that day after a wait: how many, with the summed waits. Times in microseconds, so sums are exact.
 * Contacts (not groups) created that day: `leads`, on the row without an attendant.
 * No foreign key: the triggers run at commit, after a company's deletion.
 */
export const dashboardDays = pgTable(
  "dashboard_days",
  {
    companyId: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    userId: integer(),
    finished: integer().notNull().default(0),
    talked: integer().notNull().default(0),
    talkUs: bigint({ mode: "number" }).notNull().default(0),
    rated: integer().notNull().default(0),
    rateSum: integer().notNull().default(0),
    waited: integer().notNull().default(0),
    waitUs: bigint({ mode: "number" }).notNull().default(0),
    leads: integer().notNull().default(0),
  },
  // migration 0014 adds the totals to this key as INCLUDE columns (drizzle cannot say it), for index-only reads
  (t) => [unique("dashboard_days_key").on(t.companyId, t.day, t.userId).nullsNotDistinct()],
);

export const tags = pgTable(
  "tags",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text().notNull(),
    color: text().notNull().default("#5C59A0"),
    kanban: integer().notNull().default(0),
    userId: integer(),
    ...timestamps,
  },
  (t) => [index("tags_company_idx").on(t.companyId)],
);

export const ticketTags = pgTable(
  "ticket_tags",
  {
    companyId: companyColumn(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.tagId] })],
);

export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    note: text().notNull(),
    ...timestamps,
  },
  (t) => [index("ticket_notes_ticket_idx").on(t.companyId, t.ticketId)],
);

/**
 * The life of a ticket, one row per service cycle: queued when it opens, started when an
 * attendant accepts, finished when resolved, then rated by the customer. Dashboard and ratings read it.
 */
export const ticketTrackings = pgTable(
  "ticket_trackings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    whatsappId: integer(),
    userId: integer(),
    queuedAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** The first message a person (an attendant, not the bot) sent the customer in this cycle. */
    firstResponseAt: timestamp({ withTimezone: true, mode: "date" }),
    finishedAt: timestamp({ withTimezone: true, mode: "date" }),
    /** When the rating question went out; the customer's next 1, 2 or 3 answers it. */
    ratingAt: timestamp({ withTimezone: true, mode: "date" }),
    rated: boolean().notNull().default(false),
    /** 1 unsatisfied, 2 satisfied, 3 very satisfied. */
    rate: integer(),
    /** SLA due instants in business time (modules/sla/), stamped when the cycle starts or changes queue; null: no target. */
    firstResponseDueAt: timestamp({ withTimezone: true, mode: "date" }),
    resolutionDueAt: timestamp({ withTimezone: true, mode: "date" }),
    /** The targets (business minutes) the due instants were counted from, for the near-breach threshold. */
    slaFirstResponseMinutes: integer(),
    slaResolutionMinutes: integer(),
    /** When the due instants were last stamped, and for which queue (a queue change stamps them again). */
    slaStampedAt: timestamp({ withTimezone: true, mode: "date" }),
    slaQueueId: integer(),
    /** When the queue's supervisors were told the first response / resolution was near its due instant (once each). */
    slaFirstResponseWarnedAt: timestamp({ withTimezone: true, mode: "date" }),
    slaResolutionWarnedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    // the SLA sweep's running cycles with a due instant
    index("ticket_trackings_sla_running_idx")
      .on(t.companyId, t.id)
      .where(sql`${t.finishedAt} is null`),
    index("ticket_trackings_ticket_idx").on(t.companyId, t.ticketId),
    // the dashboard's figures are read from these indexes alone (index-only scans): keep their trailing columns
    index("ticket_trackings_company_finished_idx").on(t.companyId, t.finishedAt, t.userId, t.startedAt, t.rate),
    index("ticket_trackings_company_started_idx").on(t.companyId, t.startedAt, t.queuedAt),
    index("ticket_trackings_company_queued_idx").on(t.companyId, t.queuedAt),
    // the rating questions still waiting for an answer, looked up on every inbound message
    index("ticket_trackings_awaiting_rating_idx")
      .on(t.companyId, t.ratingAt)
      .where(sql`not ${t.rated} and ${t.ratingAt} is not null`),
  ],
);
