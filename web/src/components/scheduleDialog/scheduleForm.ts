import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { addHours, format, startOfMinute } from "date-fns";
import { scheduleFormSchema, V, type ScheduleView } from "@balcao/common";
import { WIRE_LOCAL_DATE_TIME } from "../dates/wireDates";

/** The dialog's values as the inputs hold them. */
export interface ScheduleFormValues {
  body: string;
  contactId: number | null;
  sendAt: string;
}

/** A new schedule: empty, due one hour from now (spec core-workspace §9). */
export const newScheduleValues = (contactId: number | null = null, now = new Date()): ScheduleFormValues => ({
  body: "",
  contactId,
  sendAt: format(addHours(now, 1), WIRE_LOCAL_DATE_TIME),
});

export const toScheduleFormValues = (schedule: ScheduleView): ScheduleFormValues => ({
  body: schedule.body,
  contactId: schedule.contactId,
  sendAt: format(new Date(schedule.sendAt), WIRE_LOCAL_DATE_TIME),
});

/** Message of a time before the current minute: a schedule is for now or later. */
export const PAST = "past";

/** The API's rules (common scheduleFormSchema), plus: not in the past. */
export const scheduleFormRules = scheduleFormSchema.superRefine((values, ctx) => {
  const at = new Date(values.sendAt);
  if (!Number.isNaN(at.getTime()) && at < startOfMinute(new Date())) ctx.addIssue({ code: "custom", path: ["sendAt"], message: PAST });
});

export const scheduleResolver = zodResolver(scheduleFormRules) as unknown as Resolver<ScheduleFormValues>;

type ScheduleErrorKey = `scheduledMessages.validation.${"tooShort" | "required" | "past" | "invalid"}`;

/** The translation key of a validation message of these rules. */
export function scheduleErrorKey(message: string | undefined): ScheduleErrorKey | undefined {
  if (!message) return undefined;
  if (message === V.tooShortPt) return "scheduledMessages.validation.tooShort";
  if (message === V.requiredPt) return "scheduledMessages.validation.required";
  if (message === PAST) return "scheduledMessages.validation.past";
  return "scheduledMessages.validation.invalid";
}
