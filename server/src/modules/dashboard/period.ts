import { and, gte, lt, type AnyColumn, type SQL } from "drizzle-orm";
import type { DashboardQuery } from "@balcao/common";
import { serverTimeZone, startOfDayIn, startOfNextDayIn } from "../../automation/timeZone";

/** A half-open window of time [from, to); a missing end is unbounded. */
export interface Period {
  from?: Date;
  to?: Date;
}

const DAY_MS = 86_400_000;

/** Midnight of a yyyy-MM-dd day in `timeZone` (the server's by default). */
export function startOfDay(day: string, timeZone = serverTimeZone()): Date {
  return startOfDayIn(day, timeZone);
}

/** Midnight after a yyyy-MM-dd day in `timeZone` (a DST day is 23 or 25 hours long). */
export function startOfNextDay(day: string, timeZone = serverTimeZone()): Date {
  return startOfNextDayIn(day, timeZone);
}

/**
 * The dashboard's period: `days` means the last N×24 hours, `date_from` starts at that day's midnight,
 * `date_to` ends at the end of that day; whatever is given is combined (the latest start wins).
 * Nothing given: the whole history, as the original system answers.
 */
export function dashboardPeriod(query: DashboardQuery, now = new Date(), timeZone = serverTimeZone()): Period {
  const starts: Date[] = [];
  if (query.days) starts.push(new Date(now.getTime() - query.days * DAY_MS));
  if (query.date_from) starts.push(startOfDay(query.date_from, timeZone));
  const from = starts.length ? new Date(Math.max(...starts.map((d) => d.getTime()))) : undefined;
  return { from, to: query.date_to ? startOfNextDay(query.date_to, timeZone) : undefined };
}

/** The chart endpoints' window: from the first day's midnight to the end of the last day, in `timeZone`. */
export function chartPeriod(initialDate: string, finalDate: string, timeZone: string): Required<Period> {
  return { from: startOfDay(initialDate, timeZone), to: startOfNextDay(finalDate, timeZone) };
}

/** `column` inside the period (half-open); no bound given, no condition. */
export function inPeriod(column: AnyColumn, period: Period): SQL | undefined {
  return and(period.from ? gte(column, period.from) : undefined, period.to ? lt(column, period.to) : undefined);
}
