import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { queues } from "./queues";
import { timestamps } from "./timestamps";

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text().notNull(),
    /** Login is by email alone, so emails are unique across companies. */
    email: text().notNull().unique(),
    passwordHash: text().notNull(),
    profile: text().notNull().default("user"),
    super: boolean().notNull().default(false),
    allTicket: text().notNull().default("desabled"),
    online: boolean().notNull().default(false),
    whatsappId: integer(),
    /** How many open tickets automatic assignment gives the attendant at once (modules/assignment/). */
    capacity: integer().notNull().default(10),
    /** The attendant paused themself: automatic assignment gives them nothing until they resume. */
    paused: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index("users_company_idx").on(t.companyId)],
);

/**
 * When automatic assignment last gave an attendant a ticket of a queue: round robin picks the
 * eligible attendant given one longest ago (never given one: first).
 */
export const assignmentTurns = pgTable(
  "assignment_turns",
  {
    companyId: companyColumn(),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastAssignedAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.queueId, t.userId] })],
);

export const userQueues = pgTable(
  "user_queues",
  {
    companyId: companyColumn(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.queueId] })],
);

/** One row per signed-in browser; the refresh token names it. */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    companyId: companyColumn(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** sha-256 of the current refresh token's secret; rotated on every refresh. */
    refreshHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    revokedAt: timestamp({ withTimezone: true, mode: "date" }),
    userAgent: text(),
    ip: text(),
    ...timestamps,
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);
