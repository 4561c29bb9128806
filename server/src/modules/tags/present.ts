import type { tags } from "../../db/schema";

type TagRow = typeof tags.$inferSelect;

/** A tag as lists and the ticket's tag editor show it. */
export function presentTag(t: TagRow) {
  return { id: t.id, name: t.name, color: t.color, kanban: t.kanban };
}

/** A whole tag: the list shape plus its owner and dates. */
export function presentTagRecord(t: TagRow) {
  return { ...presentTag(t), userId: t.userId, companyId: t.companyId, createdAt: t.createdAt.toISOString(), updatedAt: t.updatedAt.toISOString() };
}

/** A tag of the tags page and of tag events: the record with the number of tickets carrying it. */
export function presentTagWithCount(t: TagRow, ticketsCount: number) {
  return { ...presentTagRecord(t), ticketsCount };
}
export type TagWithCount = ReturnType<typeof presentTagWithCount>;
