import { z } from "zod";
import { V } from "./messages";
import { optionalDayField, requiredDayField } from "./dates";

/** The dashboard's period select: none, then the last 3, 7, 15, 30, 60 or 90 days (core-workspace §2). */
export const DASHBOARD_PERIODS = [0, 3, 7, 15, 30, 60, 90] as const;

/** Longest period a client may ask for in `days` (ten years). */
export const DASHBOARD_MAX_DAYS = 3650;

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
    date_from: optionalDayField,
    date_to: optionalDayField,
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
    initialDate: requiredDayField,
    finalDate: requiredDayField,
    companyId: z.unknown().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.finalDate < q.initialDate) ctx.addIssue({ code: "custom", path: ["finalDate"], message: V.invalidValue });
  });
export type DashboardChartQuery = z.infer<typeof dashboardChartQuery>;
