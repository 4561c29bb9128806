import type { InfiniteData } from "@tanstack/react-query";
import type { ContactView } from "@balcao/common";
import type { ContactsPage } from "./contactsApi";

export type ContactPages = InfiniteData<ContactsPage>;

/** The loaded pages as one list; a contact shifted into the next page by a live insert shows once. */
export function flattenContacts(data: ContactPages | undefined): ContactView[] {
  const seen = new Set<number>();
  const list: ContactView[] = [];
  for (const page of data?.pages ?? []) {
    for (const contact of page.contacts) {
      if (seen.has(contact.id)) continue;
      seen.add(contact.id);
      list.push(contact);
    }
  }
  return list;
}

/** Whether a contact belongs in a list searched for `search` (name or number, as the server matches). */
export function matchesSearch(contact: Pick<ContactView, "name" | "number">, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  if (contact.name.toLowerCase().includes(text) || contact.number.includes(text)) return true;
  const digits = /^[\d\s()+.-]+$/.test(text) ? text.replace(/\D/g, "") : "";
  return digits !== "" && contact.number.includes(digits);
}

const byName = (a: ContactView, b: ContactView) => a.name.localeCompare(b.name) || a.id - b.id;

/**
 * A created or changed contact: replaced where it is; a new one that matches the search goes to
 * its place by name, when that place is among the loaded rows (otherwise a later page brings it).
 */
export function upsertContact(data: ContactPages | undefined, contact: ContactView, search: string): ContactPages | undefined {
  if (!data) return data;
  const known = data.pages.some((page) => page.contacts.some((c) => c.id === contact.id));
  if (known) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, contacts: page.contacts.map((c) => (c.id === contact.id ? contact : c)) })) };
  }
  if (!matchesSearch(contact, search)) return data;
  const pages = data.pages.map((page) => ({ ...page, contacts: [...page.contacts] }));
  const last = pages.length - 1;
  for (const [index, page] of pages.entries()) {
    const at = page.contacts.findIndex((c) => byName(contact, c) < 0);
    if (at >= 0) page.contacts.splice(at, 0, contact);
    else if (index === last && !page.hasMore) page.contacts.push(contact);
    else continue;
    pages[0].count += 1;
    return { ...data, pages };
  }
  return data;
}

/** Total count of the search (the first page's `count`, kept current by live changes). */
export const contactsCount = (data: ContactPages | undefined) => data?.pages[0]?.count ?? 0;

export function removeContact(data: ContactPages | undefined, contactId: number): ContactPages | undefined {
  if (!data || !data.pages.some((page) => page.contacts.some((c) => c.id === contactId))) return data;
  const pages = data.pages.map((page) => ({ ...page, contacts: page.contacts.filter((c) => c.id !== contactId) }));
  pages[0].count = Math.max(0, pages[0].count - 1);
  return { ...data, pages };
}
