import { endOfDay, min } from "date-fns";
import type { ScheduleView } from "@balcao/common";

export interface CalendarEntry {
  title: string;
  start: Date;
  end: Date;
  schedule: ScheduleView;
}

const SLOT_MS = 30 * 60_000;

/**
 * A schedule on the calendar. A send is an instant: half an hour of height keeps it readable in
 * the time grids, cut at midnight so a send just before it is not shown on two days.
 */
export function calendarEntryOf(schedule: ScheduleView): CalendarEntry {
  const start = new Date(schedule.sendAt);
  const end = min([new Date(start.getTime() + SLOT_MS), endOfDay(start)]);
  return { title: schedule.contact?.name ?? `#${schedule.contactId}`, start, end, schedule };
}
