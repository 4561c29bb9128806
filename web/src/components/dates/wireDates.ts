import { format, isValid, parse } from "date-fns";

/** The day as the API takes it. */
export const WIRE_DAY = "yyyy-MM-dd";
/** A local date and time as the forms hold it (a datetime-local input's value). */
export const WIRE_LOCAL_DATE_TIME = "yyyy-MM-dd'T'HH:mm";

export type WirePattern = typeof WIRE_DAY | typeof WIRE_LOCAL_DATE_TIME;

/** The picker's date of a form value; null for "" or text that is not one. */
export function fromWire(value: string, pattern: WirePattern): Date | null {
  if (!value) return null;
  const date = parse(value, pattern, new Date());
  return isValid(date) ? date : null;
}

/** The form value of a picker's date; "" for none or a date still being typed. */
export function toWire(date: Date | null, pattern: WirePattern): string {
  return date && isValid(date) ? format(date, pattern) : "";
}
