import type { Actor, NewEvent } from "../../events/types";
import type { FileListRecord } from "./present";

const fileListStream = (id: number) => `fileList:${id}`;

/** Data keeps the list's name and how many options it has, never its message. */
const factsOf = (record: FileListRecord) => ({ fileListId: record.id, name: record.name, options: record.options.length });

export function fileListCreated(record: FileListRecord, actor: Actor): NewEvent {
  return { type: "fileList.created", companyId: record.companyId, stream: fileListStream(record.id), actor, data: factsOf(record), transient: { record } };
}

export function fileListUpdated(record: FileListRecord, changed: string[], actor: Actor): NewEvent {
  return { type: "fileList.updated", companyId: record.companyId, stream: fileListStream(record.id), actor, data: { ...factsOf(record), changed }, transient: { record } };
}

export function fileListDeleted(row: { id: number; companyId: number; name: string }, actor: Actor): NewEvent {
  return { type: "fileList.deleted", companyId: row.companyId, stream: fileListStream(row.id), actor, data: { fileListId: row.id, name: row.name } };
}
