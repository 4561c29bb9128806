import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

/** Contact lists (administration §2 "Contact lists", §3): the audiences campaigns send to. */
export const contactLists = pgTable(
  "contact_lists",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [index("contact_lists_company_name_idx").on(t.companyId, t.name)],
);

/**
 * One contact of a list. The number is digits only, as contacts keep theirs, and unique within its
 * list: an import merges a number the list already has. Deleted with its list.
 */
export const contactListItems = pgTable(
  "contact_list_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    contactListId: integer()
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: text().notNull(),
    number: text().notNull(),
    email: text().notNull().default(""),
    /** What the connection answered: on WhatsApp, not on it, or null while unknown. */
    isWhatsappValid: boolean(),
    /** When the number was checked; null while the check is due (a new or renumbered item). */
    whatsappCheckedAt: timestamp({ withTimezone: true, mode: "date" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("contact_list_items_list_number").on(t.contactListId, t.number),
    index("contact_list_items_list_name_idx").on(t.contactListId, t.name),
    // the check job finds the items still to check, company by company
    index("contact_list_items_unchecked_idx")
      .on(t.companyId, t.id)
      .where(sql`whatsapp_checked_at is null`),
  ],
);
