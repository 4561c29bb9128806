import { TZDate } from "@date-fns/tz";
import { isTimeZoneName } from "@balcao/common";
import type { Db, Tx } from "../db/client";
import { readSettings } from "./companySettings";

/** The server's IANA time zone: what a company that never chose one is counted in. */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/**
 * The company's time zone (the `timeZone` setting), in which its business hours, dashboard and
 * reports count days and hours; the server's when unset or no longer known.
 */
export async function companyTimeZone(db: Db | Tx, companyId: number): Promise<string> {
  const { timeZone } = await readSettings(db, companyId, ["timeZone"]);
  return zoneOrServer(timeZone);
}

/** `name` when it is a known time zone, else the server's. */
export function zoneOrServer(name: string | null | undefined): string {
  return name && isTimeZoneName(name) ? name : serverTimeZone();
}

/** An instant as a wall clock in `timeZone`: its day (yyyy-MM-dd), weekday (0 Sunday) and minute of the day. */
export function wallClock(at: Date, timeZone: string) {
  const local = new TZDate(at.getTime(), timeZone);
  const day = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, "0")}-${String(local.getDate()).padStart(2, "0")}`;
  return { day, weekday: local.getDay(), minute: local.getHours() * 60 + local.getMinutes() };
}

/** Midnight starting a yyyy-MM-dd day in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d, timeZone).getTime());
}

/** Midnight after a yyyy-MM-dd day in `timeZone` (a day with a clock change lasts 23 or 25 hours). */
export function startOfNextDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(new TZDate(y, m - 1, d + 1, timeZone).getTime());
}
