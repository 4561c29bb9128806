import { sql } from "drizzle-orm";
import { contacts } from "../../db/schema";

/** Where a contact is written to: its number, or its WhatsApp LID ("…@lid") while the number is not known. */
export const contactAddress = sql<string>`coalesce(nullif(${contacts.number}, ''), ${contacts.lid} || '@lid', ${contacts.number})`;
