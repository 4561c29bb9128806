import type { QueueListItem } from "./queuesApi";

/** The list's order: orderQueue (unordered last), then name, as the server sorts it. */
export function sortQueues(list: QueueListItem[]): QueueListItem[] {
  return [...list].sort((a, b) => {
    const oa = a.orderQueue ?? Number.POSITIVE_INFINITY;
    const ob = b.orderQueue ?? Number.POSITIVE_INFINITY;
    return oa !== ob ? oa - ob : a.name.localeCompare(b.name) || a.id - b.id;
  });
}

/** Inserts or replaces one queue, keeping only the list's own fields. */
export function upsertQueue(list: QueueListItem[] | undefined, queue: QueueListItem): QueueListItem[] | undefined {
  if (!list) return list;
  const item: QueueListItem = {
    id: queue.id,
    name: queue.name,
    color: queue.color,
    greetingMessage: queue.greetingMessage ?? "",
    outOfHoursMessage: queue.outOfHoursMessage ?? "",
    orderQueue: queue.orderQueue ?? null,
  };
  return sortQueues([...list.filter((q) => q.id !== queue.id), item]);
}
