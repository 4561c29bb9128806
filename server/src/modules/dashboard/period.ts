import { and, gte, lt, type AnyColumn, type SQL } from "drizzle-orm";
import type { DashboardQuery } from "@balcao/common";

/** A half-open window of time [from, to); a missing end is unbounded. */
export interface Period {
  from?: Date;
  to?: Date;
}

const DAY_MS = 86_400_000;

/** Midnight of a yyyy-MM-dd day in the server's time zone. */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00`);
}

/** Midnight after a yyyy-MM-dd day in the server's time zone (a DST day is 23 or 25 hours long). */
export function startOfNextDay(day: string): Date {
  const d = startOfDay(day);
  d.setDate(d.getDate() + 1);
  return d;
}

/**
 * The dashboard's period: `days` means the last N×24 hours, `date_from` starts at that day's midnight,
 * `date_to` ends at the end of that day; whatever is given is combined (the latest start wins).
 * Nothing given: the whole history, as the original system answers.
 */
export function dashboardPeriod(query: DashboardQuery, now = new Date()): Period {
  const starts: Date[] = [];
  if (query.days) starts.push(new Date(now.getTime() - query.days * DAY_MS));
  if (query.date_from) starts.push(startOfDay(query.date_from));
  const from = starts.length ? new Date(Math.max(...starts.map((d) => d.getTime()))) : undefined;
  return { from, to: query.date_to ? startOfNextDay(query.date_to) : undefined };
}

/** The chart endpoints' window: from the first day's midnight to the end of the last day. */
export function chartPeriod(initialDate: string, finalDate: string): Required<Period> {
  return { from: startOfDay(initialDate), to: startOfNextDay(finalDate) };
}

/** The server's IANA time zone, in which days and hours of the charts are counted. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** `column` inside the period (half-open); no bound given, no condition. */
export function inPeriod(column: AnyColumn, period: Period): SQL | undefined {
  return and(period.from ? gte(column, period.from) : undefined, period.to ? lt(column, period.to) : undefined);
}
