import { parseISO } from "date-fns";

const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** A YYYY-MM-DD (or ISO) date as DD/MM/YYYY, the format the spec uses in every language. */
export function formatDate(isoDate: string): string {
  const date = parseISO(isoDate);
  // written out rather than with date-fns' format(), which would bring its whole formatter into the shell
  return Number.isNaN(date.getTime()) ? isoDate : `${pad(date.getDate(), 2)}/${pad(date.getMonth() + 1, 2)}/${pad(date.getFullYear(), 4)}`;
}
