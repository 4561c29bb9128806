import type { Actor, NewEvent } from "../../events/types";
import type { QuickMessageRecord } from "./present";

const quickMessageStream = (id: number) => `quickMessage:${id}`;

/** Data keeps who may see it (owner, shared), never its text. */
const factsOf = (record: QuickMessageRecord) => ({ quickMessageId: record.id, shortcode: record.shortcode, userId: record.userId, geral: record.geral });

export function quickMessageCreated(record: QuickMessageRecord, actor: Actor): NewEvent {
  return { type: "quickMessage.created", companyId: record.companyId, stream: quickMessageStream(record.id), actor, data: factsOf(record), transient: { record } };
}

export function quickMessageUpdated(record: QuickMessageRecord, changed: string[], actor: Actor): NewEvent {
  return { type: "quickMessage.updated", companyId: record.companyId, stream: quickMessageStream(record.id), actor, data: { ...factsOf(record), changed }, transient: { record } };
}

export function quickMessageDeleted(row: { id: number; companyId: number; shortcode: string }, actor: Actor): NewEvent {
  return { type: "quickMessage.deleted", companyId: row.companyId, stream: quickMessageStream(row.id), actor, data: { quickMessageId: row.id, shortcode: row.shortcode } };
}
