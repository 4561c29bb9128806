import type { ScheduleView } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

const scheduleStream = (scheduleId: number) => `schedule:${scheduleId}`;

/** A schedule created or changed (text, time, attachment); data keeps ids and status, never the text. */
export function scheduleSaved(type: "schedule.created" | "schedule.updated", schedule: ScheduleView, actor: Actor, changed?: string[]): NewEvent {
  return {
    type,
    companyId: schedule.companyId,
    stream: scheduleStream(schedule.id),
    actor,
    data: { scheduleId: schedule.id, contactId: schedule.contactId, status: schedule.status, ...(changed ? { changed } : {}) },
    transient: { schedule },
  };
}

export function scheduleDeleted(row: { id: number; companyId: number; contactId: number }, actor: Actor): NewEvent {
  return { type: "schedule.deleted", companyId: row.companyId, stream: scheduleStream(row.id), actor, data: { scheduleId: row.id, contactId: row.contactId } };
}
