import type { Actor, NewEvent } from "../../events/types";
import type { contacts } from "../../db/schema";
import { presentContact } from "./present";

export type PresentedContact = ReturnType<typeof presentContact>;
type ContactRow = typeof contacts.$inferSelect;

/** Up to this many changes, an import's event names its contacts (lists are told one by one); past it, lists reload. */
export const IMPORT_EVENTS_PER_CONTACT_LIMIT = 50;

export const contactStream = (contactId: number) => `contact:${contactId}`;
const companyStream = (companyId: number) => `company:${companyId}`;

export function contactCreated(contact: PresentedContact, actor: Actor): NewEvent {
  return { type: "contact.created", companyId: contact.companyId, stream: contactStream(contact.id), actor, data: { contactId: contact.id, name: contact.name }, transient: { contact } };
}

export function contactUpdated(contact: PresentedContact, changed: string[], actor: Actor): NewEvent {
  return { type: "contact.updated", companyId: contact.companyId, stream: contactStream(contact.id), actor, data: { contactId: contact.id, name: contact.name, changed }, transient: { contact } };
}

export function contactDeleted(contact: { id: number; companyId: number; name: string; number: string }, actor: Actor): NewEvent {
  return { type: "contact.deleted", companyId: contact.companyId, stream: contactStream(contact.id), actor, data: { contactId: contact.id, name: contact.name, number: contact.number } };
}

/** A spreadsheet's contacts stored: counts, and the contacts themselves when few enough to announce one by one. */
export function contactsImported(companyId: number, result: { created: ContactRow[]; updated: ContactRow[]; rows: number }, actor: Actor): NewEvent {
  const { created, updated } = result;
  const few = created.length + updated.length <= IMPORT_EVENTS_PER_CONTACT_LIMIT;
  return {
    type: "contacts.imported",
    companyId,
    stream: companyStream(companyId),
    actor,
    data: {
      count: created.length + updated.length,
      rows: result.rows,
      created: created.length,
      updated: updated.length,
      ...(few ? { createdIds: created.map((c) => c.id), updatedIds: updated.map((c) => c.id) } : {}),
    },
    transient: few ? { created: created.map(presentContact), updated: updated.map(presentContact) } : undefined,
  };
}

export function contactsExported(companyId: number, format: string, count: number, actor: Actor): NewEvent {
  return { type: "contacts.exported", companyId, stream: companyStream(companyId), actor, data: { format, count } };
}
