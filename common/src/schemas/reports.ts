import { z } from "zod";
import { V } from "./messages";
import { requiredDayField } from "./dates";
import { LANGUAGES } from "../constants";

/** The dimensions GET /reports/service groups the service cycles by. */
export const SERVICE_REPORT_DIMENSIONS = ["day", "attendant", "queue", "connection", "tag"] as const;
export type ServiceReportDimension = (typeof SERVICE_REPORT_DIMENSIONS)[number];

/** Longest period of one report, both days included (a leap year). */
export const SERVICE_REPORT_MAX_DAYS = 366;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** The export's language (`lang`); when absent, the request's Accept-Language decides, else Portuguese. */
export const reportLanguageField = z.enum(LANGUAGES, { error: V.invalidValue }).optional();

/** An optional record id filter; empty means "not given". */
const optionalId = z
  .union([z.literal(""), z.coerce.number({ error: V.invalidValue }).int(V.invalidValue).min(1, V.invalidValue)], { error: V.invalidValue })
  .optional()
  .transform((v) => (v === "" ? undefined : v));

/**
 * GET /reports/service: the company's days `from`..`to` (yyyy-MM-dd, both included, at most
 * SERVICE_REPORT_MAX_DAYS), grouped by `groupBy`, optionally only one queue, attendant or connection;
 * answered as JSON or downloaded as CSV or XLSX (`format`, headers in `lang`).
 */
export const serviceReportQuery = z
  .object({
    from: requiredDayField,
    to: requiredDayField,
    groupBy: z.enum(SERVICE_REPORT_DIMENSIONS, { error: V.invalidValue }).default("day"),
    queueId: optionalId,
    userId: optionalId,
    whatsappId: optionalId,
    format: z.enum(["json", "csv", "xlsx"], { error: V.invalidValue }).default("json"),
    lang: reportLanguageField,
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: "custom", path: ["to"], message: V.invalidValue });
    else if (dayNumber(q.to) - dayNumber(q.from) + 1 > SERVICE_REPORT_MAX_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: V.invalidValue });
  });
export type ServiceReportQuery = z.infer<typeof serviceReportQuery>;
