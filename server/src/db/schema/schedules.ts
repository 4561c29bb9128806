import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import type { TemplateSendBody } from "@balcao/common";
import { companyColumn } from "./companies";
import { contacts } from "./contacts";
import { timestamps } from "./timestamps";

/** A message to send to a contact at a given time, through the contact's connection. */
export const schedules = pgTable(
  "schedules",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    body: text().notNull(),
    sendAt: timestamp({ withTimezone: true, mode: "date" }).notNull(),
    sentAt: timestamp({ withTimezone: true, mode: "date" }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    ticketId: integer(),
    userId: integer(),
    /** PENDENTE until sent, then ENVIADA; ERRO when the send failed. */
    status: text().notNull().default("PENDENTE"),
    mediaPath: text(),
    mediaName: text(),
    /** On a Cloud API connection, the approved message template sent instead of the text (its variables may name {{name}}, {{ms}}…). */
    template: jsonb().$type<TemplateSendBody>(),
    /** Why the last send failed (an ERR_ code), when its status is ERRO. */
    failure: text(),
    ...timestamps,
  },
  (t) => [index("schedules_company_send_at_idx").on(t.companyId, t.sendAt), index("schedules_due_idx").on(t.status, t.sendAt)],
);

/** Help videos, managed by the platform's super user and shown to every company. */
export const helps = pgTable("helps", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  title: text().notNull(),
  description: text().notNull().default(""),
  /** The video's code on its host (for example a YouTube id). */
  video: text().notNull().default(""),
  link: text().notNull().default(""),
  ...timestamps,
});
