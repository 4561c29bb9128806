import { z } from "zod";
import { WEEKDAY_KEYS } from "../queueDefaults";
import { V } from "./messages";

/** The spec's time format '##:##', read as a 24-hour HH:MM. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

export const timeField = z.string({ error: V.required }).trim().regex(TIME_PATTERN, V.invalidValue);

/** One weekday's hours (a queue's or the company's). */
export const scheduleEntrySchema = z.object({
  weekday: z.string({ error: V.required }).trim().min(1, V.required).max(30, V.tooLong),
  weekdayEn: z.enum(WEEKDAY_KEYS as unknown as [string, ...string[]], { error: V.invalidValue }),
  startTime: timeField,
  endTime: timeField,
});
export type ScheduleEntryInput = z.infer<typeof scheduleEntrySchema>;

/** A week of hours: at most one entry per weekday. */
export const schedulesField = z
  .array(scheduleEntrySchema, { error: V.invalidValue })
  .max(7, V.tooLong)
  .superRefine((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, i) => {
      if (seen.has(entry.weekdayEn)) ctx.addIssue({ code: "custom", path: [i, "weekdayEn"], message: V.invalidValue });
      seen.add(entry.weekdayEn);
    });
  });

/** PUT /companies/:id/schedules; the client repeats the company id in the body. */
export const companySchedulesBody = z.object({
  id: z.unknown().optional(),
  schedules: schedulesField,
});
export type CompanySchedulesBody = z.infer<typeof companySchedulesBody>;
