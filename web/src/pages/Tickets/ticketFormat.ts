import { format, isSameDay, parseISO } from "date-fns";

/** HH:mm when the ticket changed today, dd/MM/yyyy otherwise. */
export function formatTicketTime(iso: string, now: Date = new Date()): string {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) return "";
  return isSameDay(date, now) ? format(date, "HH:mm") : format(date, "dd/MM/yyyy");
}

/** Contact names on narrow screens: 10 characters and an ellipsis. */
export function shortName(name: string, narrow: boolean, max = 10): string {
  const chars = Array.from(name);
  return narrow && chars.length > max ? `${chars.slice(0, max).join("")}…` : name;
}
