import { z } from "zod";
import { V } from "./messages";

/** The dashboard's period select: none, then the last 3, 7, 15, 30, 60 or 90 days (core-workspace §2). */
export const DASHBOARD_PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;

/** Longest period a client may ask for in `days` (ten years). */
export const DASHBOARD_MAX_DAYS = 3650;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written yyyy-MM-dd (2024-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A yyyy-MM-dd day; an empty value means "not given". */
const optionalDay = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .refine((v) => v === undefined || isCalendarDay(v), V.invalidValue);

/** A yyyy-MM-dd day that must be given. */
const requiredDay = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .refine(isCalendarDay, V.invalidValue);

/**
 * GET /dashboard: `days` (the last N days), `date_from` and `date_to` (yyyy-MM-dd), each optional;
 * the ones given are combined (all of them must hold), as the original system combines them.
 */
export const dashboardQuery = z
  .object({
    days: z
      .union([z.literal(""), z.coerce.number({ error: V.invalidValue }).int(V.invalidValue).min(1, V.invalidValue).max(DASHBOARD_MAX_DAYS, V.invalidValue)], {
        error: V.invalidValue,
      })
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    date_from: optionalDay,
    date_to: optionalDay,
  })
  .superRefine((q, ctx) => {
    if (q.date_from && q.date_to && q.date_to < q.date_from) ctx.addIssue({ code: "custom", path: ["date_to"], message: V.invalidValue });
  });
export type DashboardQuery = z.infer<typeof dashboardQuery>;

/**
 * GET /dashboard/ticketsUsers and /dashboard/ticketsDay: both days are required; the client also
 * sends its companyId, and the server uses the caller's company whatever it says.
 */
export const dashboardChartQuery = z
  .object({
    initialDate: requiredDay,
    finalDate: requiredDay,
    companyId: z.unknown().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.finalDate < q.initialDate) ctx.addIssue({ code: "custom", path: ["finalDate"], message: V.invalidValue });
  });
export type DashboardChartQuery = z.infer<typeof dashboardChartQuery>;
