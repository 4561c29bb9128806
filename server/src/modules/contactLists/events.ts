import type { ContactListItemRecord, ContactListRecord } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

/** A list and its items share one stream: a list's count and its items' events reach listeners in order. */
export const contactListStream = (contactListId: number) => `contactList:${contactListId}`;

export function contactListCreated(record: ContactListRecord, actor: Actor): NewEvent {
  return { type: "contactList.created", companyId: record.companyId, stream: contactListStream(record.id), actor, data: { contactListId: record.id, name: record.name }, transient: { record } };
}

export function contactListUpdated(record: ContactListRecord, changed: string[], actor: Actor): NewEvent {
  return { type: "contactList.updated", companyId: record.companyId, stream: contactListStream(record.id), actor, data: { contactListId: record.id, name: record.name, changed }, transient: { record } };
}

export function contactListDeleted(row: { id: number; companyId: number; name: string }, contactsCount: number, actor: Actor): NewEvent {
  return { type: "contactList.deleted", companyId: row.companyId, stream: contactListStream(row.id), actor, data: { contactListId: row.id, name: row.name, count: contactsCount } };
}

/** Data keeps the ids only: a list's contacts are a campaign's audience, their numbers stay out of the event log. */
const itemFacts = (record: ContactListItemRecord) => ({ contactListItemId: record.id, contactListId: record.contactListId });

export function contactListItemCreated(record: ContactListItemRecord, actor: Actor): NewEvent {
  return { type: "contactListItem.created", companyId: record.companyId, stream: contactListStream(record.contactListId), actor, data: itemFacts(record), transient: { record } };
}

export function contactListItemUpdated(record: ContactListItemRecord, changed: string[], actor: Actor): NewEvent {
  return { type: "contactListItem.updated", companyId: record.companyId, stream: contactListStream(record.contactListId), actor, data: { ...itemFacts(record), changed }, transient: { record } };
}

export function contactListItemDeleted(row: { id: number; companyId: number; contactListId: number }, actor: Actor): NewEvent {
  return { type: "contactListItem.deleted", companyId: row.companyId, stream: contactListStream(row.contactListId), actor, data: { contactListItemId: row.id, contactListId: row.contactListId } };
}

/**
 * Items of one list written together: a batch of an import (`contactListItems.imported`) or numbers
 * the connection answered for (`contactListItems.checked`). Pages merge the records they show.
 */
export function contactListItemsChanged(
  type: "contactListItems.imported" | "contactListItems.checked",
  companyId: number,
  contactListId: number,
  records: ContactListItemRecord[],
  actor: Actor,
  facts: Record<string, unknown> = {},
): NewEvent {
  return {
    type,
    companyId,
    stream: contactListStream(contactListId),
    actor,
    data: { contactListId, contactListItemIds: records.map((r) => r.id), count: records.length, ...facts },
    transient: { records },
  };
}
