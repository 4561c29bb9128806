import { index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

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
    ...timestamps,
  },
  (t) => [
    unique("queues_company_name").on(t.companyId, t.name),
    unique("queues_company_color").on(t.companyId, t.color),
    index("queues_company_idx").on(t.companyId),
  ],
);
