import type { DomainEvent } from "../../events/types";

/**
 * The presented record an event is about: the command's own view on the fast path, or the record
 * read again (`read`) when the event comes back after a stop. Null when the record is gone since.
 */
export async function viewOf<T>(event: DomainEvent, key: string, read: () => Promise<T | null>): Promise<T | null> {
  const given = event.transient?.[key] as T | undefined;
  return given ?? read();
}

/** A numeric id of an event's stored data. */
export const idOf = (event: DomainEvent, key: string) => Number(event.data[key]);
