import type { ContactListItemRecord, ContactListRecord } from "@balcao/common";
import type { contactListItems, contactLists } from "../../db/schema";

type ContactListRow = typeof contactLists.$inferSelect;
type ContactListItemRow = typeof contactListItems.$inferSelect;

/** A list as its page, its dialog and the ContactList events show it. */
export function presentContactList(row: ContactListRow, contactsCount: number) {
  return { id: row.id, name: row.name, contactsCount, companyId: row.companyId, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() } satisfies ContactListRecord;
}

/** One contact of a list, as the items page and the ContactListItem events carry it. */
export function presentContactListItem(row: ContactListItemRow) {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    isWhatsappValid: row.isWhatsappValid,
    contactListId: row.contactListId,
    companyId: row.companyId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies ContactListItemRecord;
}
