import { z } from "zod";
import { MAX_ID, optionalId, pageNumberField } from "./common";
import { V } from "./messages";
import { isCalendarDateTime } from "./dates";
import { templateSendBody, type TemplateSendBody } from "./tickets";

/** A scheduled message waits as PENDENTE, then is ENVIADA, or ERRO when it could not go out. */
export const SCHEDULE_STATUSES = ["PENDENTE", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** GET /schedules pages, as the original system pages them. */
export const SCHEDULES_PAGE_SIZE = 20;

/** The attachment of a scheduled message is an image (spec core-workspace §5). */
export const SCHEDULE_MEDIA_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;
export const SCHEDULE_MEDIA_MAX_BYTES = 16 * 1024 * 1024;
export const isScheduleMediaName = (name: string) => SCHEDULE_MEDIA_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Body: required ('Obrigatório'), at least 5 characters ('Mensagem muito curta'). */
export const scheduleBodyField = z.string({ error: V.requiredPt }).trim().min(1, V.requiredPt).min(5, V.tooShortPt).max(10_000, V.tooLong);

/** The contact to write to: required ('Obrigatório'). */
export const scheduleContactIdField = z.coerce.number({ error: V.requiredPt }).int(V.invalidValue).positive(V.requiredPt).max(MAX_ID, V.invalidValue);

const MIN_YEAR = 2000;
const MAX_YEAR = 9999;
const readableDate = (v: string) => {
  const year = new Date(v).getFullYear();
  return isCalendarDateTime(v) && year >= MIN_YEAR && year <= MAX_YEAR;
};

/**
 * When to send: an ISO date-time, or a local date-time without an offset (as the original
 * client sends it, read in the server's zone), on a real calendar day. Required ('Obrigatório').
 */
export const scheduleSendAtField = z.string({ error: V.requiredPt }).trim().min(1, { error: V.requiredPt, abort: true }).max(40, { error: V.invalidValue, abort: true }).refine(readableDate, V.invalidValue);

/** The fields the schedule dialog edits, validated the same way by the form and the API. */
export const scheduleFormSchema = z.object({
  body: scheduleBodyField,
  contactId: scheduleContactIdField,
  sendAt: scheduleSendAtField,
});
export type ScheduleFormValues = z.infer<typeof scheduleFormSchema>;

/** POST /schedules and PUT /schedules/:id (userId and ticketId optional). */
export const scheduleBody = scheduleFormSchema.extend({
  sendAt: scheduleSendAtField.transform((v) => new Date(v)),
  userId: optionalId,
  ticketId: optionalId,
  /**
   * On a Cloud API connection, an approved message template sent instead of the text (which stays
   * the schedule's note), for a contact whose 24-hour window may be closed then; null drops it.
   */
  template: templateSendBody.nullable().optional(),
});
export type ScheduleBody = z.infer<typeof scheduleBody>;

/** GET /schedules: search (body or contact name), page, and optionally one contact's or one user's. */
export const schedulesQuery = z.object({
  searchParam: z.string().trim().toLowerCase().max(200, V.tooLong).optional().default(""),
  pageNumber: pageNumberField,
  contactId: optionalId,
  userId: optionalId,
});
export type SchedulesQuery = z.infer<typeof schedulesQuery>;

/** A schedule as the API returns it and schedule events carry it. */
export interface ScheduleView {
  id: number;
  body: string;
  sendAt: string;
  sentAt: string | null;
  status: ScheduleStatus;
  contactId: number;
  ticketId: number | null;
  userId: number | null;
  companyId: number;
  mediaPath: string | null;
  mediaName: string | null;
  /** The message template sent instead of the text (Cloud API), if any. */
  template: TemplateSendBody | null;
  /** Why the send failed (an ERR_ code) when ERRO, e.g. ERR_SERVICE_WINDOW_CLOSED. */
  failure: string | null;
  createdAt: string;
  updatedAt: string;
  contact: { id: number; name: string } | null;
  user: { id: number; name: string } | null;
}

export interface SchedulesPage {
  schedules: ScheduleView[];
  count: number;
  hasMore: boolean;
}

/** Admins change any schedule of the company; others only the ones they made. */
export function canChangeSchedule(user: { id: number; profile: string }, schedule: { userId: number | null }) {
  return user.profile === "admin" || (schedule.userId !== null && schedule.userId === user.id);
}

/** A schedule that went out (or is going out: sentAt set) is history: it can be deleted but no longer changed. */
export const isScheduleSent = (schedule: { sentAt: string | Date | null; status: string }) => Boolean(schedule.sentAt) || schedule.status === "ENVIADA";
