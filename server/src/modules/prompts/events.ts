import type { PromptRecord } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

const promptStream = (id: number) => `prompt:${id}`;

/** Data keeps ids and the queue, never the instructions nor a key. */
const factsOf = (record: PromptRecord) => ({ promptId: record.id, queueId: record.queueId });

export function promptCreated(record: PromptRecord, actor: Actor): NewEvent {
  return { type: "prompt.created", companyId: record.companyId, stream: promptStream(record.id), actor, data: factsOf(record), transient: { record } };
}

export function promptUpdated(record: PromptRecord, changed: string[], actor: Actor): NewEvent {
  return { type: "prompt.updated", companyId: record.companyId, stream: promptStream(record.id), actor, data: { ...factsOf(record), changed }, transient: { record } };
}

export function promptDeleted(row: { id: number; companyId: number }, actor: Actor): NewEvent {
  return { type: "prompt.deleted", companyId: row.companyId, stream: promptStream(row.id), actor, data: { promptId: row.id } };
}
