import { integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

/**
 * A company's campaign settings (administration §3 "Campaign settings"): one row per key, the
 * value as JSON text (the pacing's numbers, the variables' list), as the spec's client reads them.
 */
export const campaignSettings = pgTable(
  "campaign_settings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    key: text().notNull(),
    value: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("campaign_settings_company_key_idx").on(t.companyId, t.key)],
);
