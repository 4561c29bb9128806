import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { companies } from "./companies";

/**
 * Which row of another system's database became which row here (balcao import-whaticket): a second
 * run finds its rows already moved in and adds nothing, and an interrupted run resumes where it stopped.
 * A company's deletion takes its rows along, so moving it in again starts anew; plans' rows have no company.
 */
export const importMappings = pgTable(
  "import_mappings",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Names the source database, e.g. 'whaticket'. */
    source: text().notNull(),
    /** The source's table, as it spells it ("Contacts"). */
    sourceTable: text().notNull(),
    /** The source row's key as text (Whaticket messages have text ids). */
    sourceId: text().notNull(),
    targetId: integer().notNull(),
    /** The company the row went to (the company's own row too; null for plans). */
    companyId: integer().references(() => companies.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [unique("import_mappings_source_row").on(t.source, t.sourceTable, t.sourceId), index("import_mappings_company_idx").on(t.companyId)],
);
