import { isSameDay, parseISO } from "date-fns";
import { formatDate, formatTime } from "../../i18n/format";

/** The time when the ticket changed today, the day otherwise, in the current language's way. */
export function formatTicketTime(iso: string, now: Date = new Date()): string {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) return "";
  return isSameDay(date, now) ? formatTime(date) : formatDate(date);
}

/** Contact names on narrow screens: 10 characters and an ellipsis. */
export function shortName(name: string, narrow: boolean, max = 10): string {
  const chars = Array.from(name);
  return narrow && chars.length > max ? `${chars.slice(0, max).join("")}…` : name;
}
