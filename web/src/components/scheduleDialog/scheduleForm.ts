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

const KNOWN_FAILURES = ["ERR_SERVICE_WINDOW_CLOSED", "ERR_SENDING_WAPP_MSG", "ERR_WAPP_NOT_INITIALIZED", "ERR_TEMPLATE_NOT_FOUND", "ERR_TEMPLATE_NOT_APPROVED"] as const;
type ScheduleFailureKey = `scheduledMessages.dialog.failure.${(typeof KNOWN_FAILURES)[number] | "other"}`;

/** The translation key of why a schedule failed (its `failure` code); undefined when none is recorded. */
export function scheduleFailureKey(failure: string | null | undefined): ScheduleFailureKey | undefined {
  if (!failure) return undefined;
  const known = KNOWN_FAILURES.find((code) => code === failure);
  return `scheduledMessages.dialog.failure.${known ?? "other"}`;
}
