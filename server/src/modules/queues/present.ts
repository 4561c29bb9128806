import type { AssignmentMode } from "@balcao/common";
import type { queues } from "../../db/schema";

type QueueRow = typeof queues.$inferSelect;

/** A queue as selects, filters and the queue list show it. */
export function presentQueue(q: QueueRow) {
  return { id: q.id, name: q.name, color: q.color, greetingMessage: q.greetingMessage ?? "", outOfHoursMessage: q.outOfHoursMessage ?? "", orderQueue: q.orderQueue };
}

/** A whole queue, as the queue dialog loads and saves it and as queue events carry it. */
export function presentQueueRecord(q: QueueRow) {
  return {
    ...presentQueue(q),
    schedules: q.schedules ?? [],
    promptId: q.promptId,
    integrationId: q.integrationId,
    slaFirstResponseMinutes: q.slaFirstResponseMinutes,
    slaResolutionMinutes: q.slaResolutionMinutes,
    assignmentMode: q.assignmentMode as AssignmentMode,
    companyId: q.companyId,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}
export type QueueRecord = ReturnType<typeof presentQueueRecord>;
