import type { Actor, NewEvent } from "../../events/types";
import type { AnnouncementRecord } from "./present";

const announcementStream = (id: number) => `announcement:${id}`;

/** A platform fact (no company). Data keeps the title for the audit trail, never the text. */
const factsOf = (record: AnnouncementRecord) => ({ announcementId: record.id, title: record.title, priority: record.priority, status: record.status });

export function announcementCreated(record: AnnouncementRecord, actor: Actor): NewEvent {
  return { type: "announcement.created", companyId: null, stream: announcementStream(record.id), actor, data: factsOf(record), transient: { record } };
}

export function announcementUpdated(record: AnnouncementRecord, changed: string[], actor: Actor): NewEvent {
  return { type: "announcement.updated", companyId: null, stream: announcementStream(record.id), actor, data: { ...factsOf(record), changed }, transient: { record } };
}

export function announcementDeleted(row: { id: number; title: string }, actor: Actor): NewEvent {
  return { type: "announcement.deleted", companyId: null, stream: announcementStream(row.id), actor, data: { announcementId: row.id, title: row.title } };
}
