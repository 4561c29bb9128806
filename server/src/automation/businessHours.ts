import type { ScheduleEntry } from "../db/schema";
import { serverTimeZone, wallClock } from "./timeZone";

const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

const minutesOf = (hhmm: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * Whether `now`, read on the clock of `timeZone` (the company's), falls inside the week's hours. A day that is missing, or
 * whose start equals its end (the spec's Sunday 00:00–00:00), is closed all day. No hours at all
 * means always open: a company that never filled its hours is not shut.
 */
export function isWithinHours(schedules: readonly ScheduleEntry[] | null | undefined, now: Date, timeZone = serverTimeZone()) {
  if (!schedules?.length) return true;
  const clock = wallClock(now, timeZone);
  const today = schedules.find((s) => s.weekdayEn?.toLowerCase() === WEEKDAYS_EN[clock.weekday]);
  if (!today) return false;
  const start = minutesOf(today.startTime);
  const end = minutesOf(today.endTime);
  if (start === null || end === null || start === end) return false;
  const minute = clock.minute;
  return end > start ? minute >= start && minute < end : minute >= start || minute < end;
}
