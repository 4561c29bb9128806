import { TZDate } from "@date-fns/tz";
import type { ScheduleEntry } from "../../db/schema";
import { startOfNextDayIn, wallClock } from "../../automation/timeZone";

const WEEKDAYS_EN = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MINUTE = 60_000;
// past this many days without reaching the target (a week with almost no hours) there is no due instant
const MAX_DAYS = 3700;

/** The week's business hours, or null when every minute counts (no schedule, scheduleType 'disabled'). */
export type BusinessHours = readonly ScheduleEntry[] | null;

type Interval = [number, number];

const minutesOf = (hhmm: string) => {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};
const previousDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The instant of a wall-clock minute of a yyyy-MM-dd day in `timeZone` (a minute a clock change skips moves forward). */
const at = (day: string, minute: number, timeZone: string) => {
  if (minute >= 1440) return startOfNextDayIn(day, timeZone).getTime();
  const [y, m, d] = day.split("-").map(Number);
  return new TZDate(y, m - 1, d, Math.floor(minute / 60), minute % 60, timeZone).getTime();
};

function hoursOf(hours: readonly ScheduleEntry[], weekday: number) {
  const entry = hours.find((s) => s.weekdayEn?.toLowerCase() === WEEKDAYS_EN[weekday]);
  const start = entry ? minutesOf(entry.startTime) : null;
  const end = entry ? minutesOf(entry.endTime) : null;
  if (start === null || end === null || start === end) return null;
  return { start, end };
}

/**
 * The open intervals (instants) of one day: its own hours, and the tail of the previous day's
 * overnight hours (22:00–06:00 opens on the evening and runs into the next morning).
 */
function openIntervals(hours: BusinessHours, day: string, timeZone: string): Interval[] {
  const dayStart = at(day, 0, timeZone);
  const dayEnd = at(day, 1440, timeZone);
  if (!hours || hours.length === 0) return [[dayStart, dayEnd]];
  const out: Interval[] = [];
  const yesterday = hoursOf(hours, weekdayOf(previousDay(day)));
  if (yesterday && yesterday.end < yesterday.start) out.push([dayStart, at(day, yesterday.end, timeZone)]);
  const today = hoursOf(hours, weekdayOf(day));
  if (today) out.push([at(day, today.start, timeZone), today.end > today.start ? at(day, today.end, timeZone) : dayEnd]);
  return out.filter(([a, b]) => b > a);
}

/**
 * The instant `minutes` business minutes after `start`: only the open hours count, in the company's
 * time zone. Null when the hours never open long enough (every day closed).
 */
export function businessDueAt(hours: BusinessHours, timeZone: string, start: Date, minutes: number): Date | null {
  if (hours?.length && ![0, 1, 2, 3, 4, 5, 6].some((w) => hoursOf(hours, w))) return null;
  let left = minutes * MINUTE;
  const from = start.getTime();
  let day = wallClock(start, timeZone).day;
  for (let i = 0; i < MAX_DAYS; i++, day = nextDay(day)) {
    for (const [a, b] of openIntervals(hours, day, timeZone)) {
      const open = Math.max(a, from);
      if (open >= b) continue;
      if (b - open >= left) return new Date(open + left);
      left -= b - open;
    }
  }
  return null;
}

/** The business minutes (fractional) between two instants; 0 when `to` is not after `from`. */
export function businessMinutesBetween(hours: BusinessHours, timeZone: string, from: Date, to: Date): number {
  const a0 = from.getTime();
  const b0 = to.getTime();
  if (b0 <= a0) return 0;
  let total = 0;
  for (let day = wallClock(from, timeZone).day, i = 0; i < MAX_DAYS && at(day, 0, timeZone) < b0; i++, day = nextDay(day)) {
    for (const [a, b] of openIntervals(hours, day, timeZone)) total += Math.max(0, Math.min(b, b0) - Math.max(a, a0));
  }
  return total / MINUTE;
}
