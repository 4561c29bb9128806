import type { queues } from "../../db/schema";

/** A queue as selects, filters and the queue list show it. */
export function presentQueue(q: typeof queues.$inferSelect) {
  return { id: q.id, name: q.name, color: q.color, greetingMessage: q.greetingMessage ?? "", outOfHoursMessage: q.outOfHoursMessage ?? "", orderQueue: q.orderQueue };
}
