import { z } from "zod";
import { V } from "./messages";

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written yyyy-MM-dd (2024-02-30 and 2024-99-99 are not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A date-time that starts with a real calendar day (yyyy-MM-dd, then a time, an offset or neither) and names an instant. */
export function isCalendarDateTime(value: string): boolean {
  return isCalendarDay(value.slice(0, 10)) && !Number.isNaN(new Date(value).getTime());
}

/** A yyyy-MM-dd day in a filter; an empty value means "not given". */
export const optionalDayField = z
  .string({ error: V.invalidValue })
  .transform((v) => v.trim() || undefined)
  .refine((v) => v === undefined || isCalendarDay(v), V.invalidValue)
  .optional();

/** A yyyy-MM-dd day that must be given. */
export const requiredDayField = z.string({ error: V.required }).trim().min(1, V.required).refine(isCalendarDay, V.invalidValue);
