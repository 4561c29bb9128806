import { boolean, date, integer, jsonb, pgTable, text, unique } from "drizzle-orm/pg-core";
import { plans } from "./plans";
import { timestamps } from "./timestamps";

export const companies = pgTable("companies", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  email: text(),
  phone: text(),
  planId: integer().references(() => plans.id, { onDelete: "set null" }),
  status: boolean().notNull().default(true),
  dueDate: date({ mode: "string" }),
  recurrence: text().default("MENSAL"),
  /** Company business hours, used when scheduleType is 'company': { weekday, weekdayEn, startTime, endTime }[]. */
  schedules: jsonb().$type<{ weekday: string; weekdayEn: string; startTime: string; endTime: string }[]>().notNull().default([]),
  /** Billing name and address (administration §3): set by the super user, prefilled in the checkout and kept by it. */
  billingName: text(),
  /** CPF or CNPJ, digits only. */
  billingDocument: text(),
  /** Street and number. */
  billingAddress: text(),
  /** Complement: apartment, suite, block. */
  billingAddress2: text(),
  billingCity: text(),
  billingState: text(),
  billingZipcode: text(),
  billingCountry: text(),
  ...timestamps,
});

/** The owning company of a row of company data; the company's deletion takes the row along. */
export const companyColumn = () =>
  integer()
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

/** Key/value settings of one company. */
export const settings = pgTable(
  "settings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    key: text().notNull(),
    value: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [unique("settings_company_key").on(t.companyId, t.key)],
);
