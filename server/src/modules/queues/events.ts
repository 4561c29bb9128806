import type { Actor, NewEvent } from "../../events/types";
import type { QueueRecord } from "./present";

const queueStream = (queueId: number) => `queue:${queueId}`;

export function queueCreated(queue: QueueRecord, actor: Actor): NewEvent {
  return { type: "queue.created", companyId: queue.companyId, stream: queueStream(queue.id), actor, data: { queueId: queue.id, name: queue.name }, transient: { queue } };
}

export function queueUpdated(queue: QueueRecord, changed: string[], actor: Actor): NewEvent {
  return { type: "queue.updated", companyId: queue.companyId, stream: queueStream(queue.id), actor, data: { queueId: queue.id, name: queue.name, changed }, transient: { queue } };
}

export function queueDeleted(queue: { id: number; companyId: number; name: string }, actor: Actor): NewEvent {
  return { type: "queue.deleted", companyId: queue.companyId, stream: queueStream(queue.id), actor, data: { queueId: queue.id, name: queue.name } };
}
