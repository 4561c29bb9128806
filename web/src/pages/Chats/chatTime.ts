import { isSameDay, parseISO } from "date-fns";
import { formatDateAs } from "../../i18n/format";

/** Today's times as the hour (14:05), older ones as the day (03/11/2026). */
export function formatChatTime(value: string, language?: string, now: Date = new Date()): string {
  const date = parseISO(value);
  if (Number.isNaN(date.getTime())) return "";
  return formatDateAs(date, isSameDay(date, now) ? "time" : "date", language);
}
