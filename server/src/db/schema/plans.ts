import { boolean, integer, numeric, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps";

/** Platform-wide subscription plans (not company data). */
export const plans = pgTable("plans", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull().unique(),
  users: integer().notNull().default(0),
  connections: integer().notNull().default(0),
  queues: integer().notNull().default(0),
  value: numeric({ precision: 12, scale: 2, mode: "number" }).notNull().default(0),
  useCampaigns: boolean().notNull().default(true),
  useSchedules: boolean().notNull().default(true),
  useInternalChat: boolean().notNull().default(true),
  useExternalApi: boolean().notNull().default(true),
  useKanban: boolean().notNull().default(true),
  useOpenAi: boolean().notNull().default(true),
  useIntegrations: boolean().notNull().default(true),
  ...timestamps,
});
