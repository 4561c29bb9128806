import { z } from "zod";
import { V } from "./messages";
import { requiredDayField } from "./dates";
import { reportLanguageField, SERVICE_REPORT_MAX_DAYS } from "./reports";

/** An SLA target: whole business minutes, at most a year. */
export const SLA_MAX_MINUTES = 525_600;

/** A queue's SLA target: empty or null is the company's default; "" first, coercion would read it as 0. */
export const slaMinutesField = z
  .union([z.literal(""), z.null(), z.coerce.number({ error: V.invalidValue }).int(V.invalidValue).min(1, V.invalidValue).max(SLA_MAX_MINUTES, V.invalidValue)], { error: V.invalidValue })
  .transform((v) => (v === "" ? null : v));

/** The company's default SLA target as a setting's text: empty (no target) or whole minutes 1..525600. */
export const slaMinutesSetting = z
  .string()
  .trim()
  .refine((v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= SLA_MAX_MINUTES), V.invalidValue)
  .transform((v) => (v === "" ? "" : String(Number(v))));

/** GET /reports/sla: the company's days `from`..`to` (yyyy-MM-dd, both included, at most a leap year), as JSON or a CSV or XLSX download (headers in `lang`). */
export const slaReportQuery = z
  .object({
    from: requiredDayField,
    to: requiredDayField,
    format: z.enum(["json", "csv", "xlsx"], { error: V.invalidValue }).default("json"),
    lang: reportLanguageField,
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (!(days >= 1 && days <= SERVICE_REPORT_MAX_DAYS)) ctx.addIssue({ code: "custom", path: ["to"], message: V.invalidValue });
  });

/** The two SLA targets of a service cycle. */
export const SLA_KINDS = ["firstResponse", "resolution"] as const;
export type SlaKind = (typeof SLA_KINDS)[number];

/** The `company-{id}-sla` event a queue's supervisors get. */
export interface SlaAlert {
  action: "nearBreach" | "breach";
  kind: SlaKind;
  ticketId: number;
  /** Where the app opens the ticket (/tickets/:uuid). */
  ticketUuid: string;
  queueId: number | null;
  dueAt: string;
}
