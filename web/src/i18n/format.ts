import { format, parseISO } from "date-fns";

/** A YYYY-MM-DD (or ISO) date as DD/MM/YYYY, the format the spec uses in every language. */
export function formatDate(isoDate: string): string {
  const date = parseISO(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : format(date, "dd/MM/yyyy");
}
