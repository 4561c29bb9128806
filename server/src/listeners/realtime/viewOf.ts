import type { DomainEvent } from "../../events/types";

/**
 * The presented record an event is about: the command's own view on the fast path, or the record
 * read again (`read`) when the event comes back after a stop. Null when the record is gone since.
 */
export async function viewOf<T>(event: DomainEvent, key: string, read: () => Promise<T | null>): Promise<T | null> {
  const given = event.transient?.[key] as T | undefined;
  return given ?? read();
}

/** A record's id in an event's stored data; null when the event names none. */
export function idOf(event: DomainEvent, key: string): number | null {
  const id = Number(event.data[key]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The company and the record an event is about; null for an event that names neither (nothing to tell). */
export function subjectOf(event: DomainEvent, key: string): { companyId: number; id: number } | null {
  const id = idOf(event, key);
  return event.companyId !== null && id !== null ? { companyId: event.companyId, id } : null;
}
