import type { ScheduleEntry } from "../db/schema";

const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

const minutesOf = (hhmm: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * Whether `now` (server local time) falls inside the week's hours. A day that is missing, or
 * whose start equals its end (the spec's Sunday 00:00–00:00), is closed all day. No hours at all
 * means always open: a company that never filled its hours is not shut.
 */
export function isWithinHours(schedules: readonly ScheduleEntry[] | null | undefined, now: Date) {
  if (!schedules?.length) return true;
  const today = schedules.find((s) => s.weekdayEn?.toLowerCase() === WEEKDAYS_EN[now.getDay()]);
  if (!today) return false;
  const start = minutesOf(today.startTime);
  const end = minutesOf(today.endTime);
  if (start === null || end === null || start === end) return false;
  const minute = now.getHours() * 60 + now.getMinutes();
  return end > start ? minute >= start && minute < end : minute >= start || minute < end;
}
