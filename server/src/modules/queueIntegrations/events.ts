import type { QueueIntegrationRecord } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

const stream = (id: number) => `queueIntegration:${id}`;

/** Data keeps the id, type and name: never a URL, a service account or a secret. */
const factsOf = (record: QueueIntegrationRecord) => ({ queueIntegrationId: record.id, type: record.type, name: record.name });

export function queueIntegrationCreated(record: QueueIntegrationRecord, actor: Actor): NewEvent {
  return { type: "queueIntegration.created", companyId: record.companyId, stream: stream(record.id), actor, data: factsOf(record), transient: { record } };
}

export function queueIntegrationUpdated(record: QueueIntegrationRecord, changed: string[], actor: Actor): NewEvent {
  return { type: "queueIntegration.updated", companyId: record.companyId, stream: stream(record.id), actor, data: { ...factsOf(record), changed }, transient: { record } };
}

export function queueIntegrationDeleted(row: { id: number; companyId: number; name: string }, actor: Actor): NewEvent {
  return { type: "queueIntegration.deleted", companyId: row.companyId, stream: stream(row.id), actor, data: { queueIntegrationId: row.id, name: row.name } };
}
