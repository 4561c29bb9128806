import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

export interface ExtraInfo {
  name: string;
  value: string;
}

export const contacts = pgTable(
  "contacts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text().notNull(),
    /** Digits only (groups keep their id); unique per company when given. */
    number: text().notNull(),
    /**
     * WhatsApp's LID (digits of "…@lid"), the address WhatsApp gives instead of the number to
     * accounts that hide it; unique per company when known. A contact known by its LID only has an
     * empty number until a message or a mapping reveals it (automation/identities.ts).
     */
    lid: text(),
    /** The WhatsApp username, when the channel tells it. */
    username: text(),
    email: text().notNull().default(""),
    profilePicUrl: text().notNull().default(""),
    isGroup: boolean().notNull().default(false),
    extraInfo: jsonb().$type<ExtraInfo[]>().notNull().default([]),
    whatsappId: integer(),
    /** When its personal data was erased on request (LGPD/GDPR); the row stays so counts and reports hold. */
    erasedAt: timestamp({ withTimezone: true, mode: "date" }),
    /**
     * What a search looks in: the name in lower case, a line break and the number. A search reads
     * it with LIKE, so the matches' check does not lower every name again as ILIKE does (migration 0015).
     */
    searchText: text().generatedAlwaysAs(sql`lower(name) || E'\\n' || number`),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contacts_company_number")
      .on(t.companyId, t.number)
      .where(sql`number <> ''`),
    uniqueIndex("contacts_company_lid")
      .on(t.companyId, t.lid)
      .where(sql`lid is not null`),
    index("contacts_company_name_idx").on(t.companyId, t.name),
    // is_group too, so the dashboard counts new contacts from the index alone
    index("contacts_company_created_idx").on(t.companyId, t.createdAt, t.isGroup),
    // search by part of a name or number, within one company (pg_trgm + btree_gin)
    index("contacts_company_search_trgm_idx").using("gin", t.companyId, t.searchText.op("gin_trgm_ops")).with({ fastupdate: true, gin_pending_list_limit: 64 }),
  ],
);
