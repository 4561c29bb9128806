import { type AnyPgColumn, index, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

/** One weekday's business hours ('HH:MM'); 00:00–00:00 means closed all day. */
export type ScheduleEntry = {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
};

export const queues = pgTable(
  "queues",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text().notNull(),
    color: text().notNull(),
    greetingMessage: text().default(""),
    outOfHoursMessage: text().default(""),
    orderQueue: integer(),
    /** Business hours of the queue, used when the company's scheduleType is 'queue'. */
    schedules: jsonb().$type<ScheduleEntry[]>().notNull().default([]),
    promptId: integer(),
    integrationId: integer(),
    /** Who takes a waiting ticket: 'manual' (an attendant accepts it), 'roundRobin' or 'leastBusy' (modules/assignment/). */
    assignmentMode: text().notNull().default("manual"),
    /** SLA targets in business minutes; null: the company's default (settings slaFirstResponseMinutes / slaResolutionMinutes). */
    slaFirstResponseMinutes: integer(),
    slaResolutionMinutes: integer(),
    ...timestamps,
  },
  (t) => [unique("queues_company_name").on(t.companyId, t.name), unique("queues_company_color").on(t.companyId, t.color), index("queues_company_idx").on(t.companyId)],
);

/** A node of a queue's chatbot menu: the customer answers `option` to reach it. */
export const queueOptions = pgTable(
  "queue_options",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    queueId: integer()
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => queueOptions.id, { onDelete: "cascade" }),
    title: text().notNull(),
    message: text().notNull().default(""),
    option: text().notNull(),
    ...timestamps,
  },
  (t) => [index("queue_options_queue_parent_idx").on(t.companyId, t.queueId, t.parentId)],
);
