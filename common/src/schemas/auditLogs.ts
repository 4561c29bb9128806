import { z } from "zod";
import { V } from "./messages";
import { idParam, pageNumberField } from "./common";
import { optionalDayField } from "./dates";

/** Audit log rows a page, newest first. */
export const AUDIT_LOGS_PAGE_SIZE = 40;

/** The actions (domain event types) the audit log records, in the order the filter lists them. */
export const AUDIT_ACTIONS = [
  "auth.signedIn",
  "auth.signInFailed",
  "auth.signedOut",
  "user.created",
  "user.updated",
  "user.deleted",
  "user.passwordReset",
  "whatsapp.created",
  "whatsapp.updated",
  "whatsapp.deleted",
  "queue.created",
  "queue.updated",
  "queue.deleted",
  "setting.updated",
  "contact.deleted",
  "contact.erased",
  "contacts.exported",
  "contacts.imported",
  "contacts.merged",
  "tag.deleted",
  "quickMessage.deleted",
  "schedule.deleted",
  "fileList.deleted",
  "help.created",
  "help.updated",
  "help.deleted",
  "announcement.created",
  "announcement.updated",
  "announcement.deleted",
  "deadLetter.deleted",
  "ticket.deleted",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "channelKey.rotated",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Families recorded whatever their verb (a new verb of these is still an admin's act). */
const AUDITED_FAMILIES = ["user.", "queue.", "help.", "announcement.", "company.", "plan."];
const WEBHOOK_CHANGE = /^webhook(Endpoint)?\.(created|updated|deleted)$/;

/** Whether an event of this type belongs in the audit log. */
export const isAuditedAction = (type: string) => (AUDIT_ACTIONS as readonly string[]).includes(type) || AUDITED_FAMILIES.some((f) => type.startsWith(f)) || WEBHOOK_CHANGE.test(type);

/** Sign-ins are recorded with or without a user (a failed one has none). */
export const isSignInAction = (type: string) => type.startsWith("auth.");

/** An id filter of a query string: "" or absent means none. */
const optionalIdFilter = z.preprocess((v) => (v === "" ? undefined : v), idParam.optional());

/**
 * GET /audit-logs: `action` is a type (`user.updated`) or a family ending in a dot (`user.`);
 * `dateFrom`/`dateTo` are days (yyyy-MM-dd, the server's time zone); `searchParam` matches the
 * record, its summary and the user's name. `companyId` is read for super users only.
 */
export const auditLogsQuery = z
  .object({
    pageNumber: pageNumberField,
    userId: optionalIdFilter,
    companyId: optionalIdFilter,
    action: z
      .string({ error: V.invalidValue })
      .trim()
      .max(60, V.tooLong)
      .refine((v) => v === "" || /^[A-Za-z]+\.([A-Za-z]+)?$/.test(v), V.invalidValue)
      .optional()
      .transform((v) => v || undefined),
    dateFrom: optionalDayField,
    dateTo: optionalDayField,
    searchParam: z.string({ error: V.invalidValue }).trim().toLowerCase().max(200, V.tooLong).optional().default(""),
  })
  .superRefine((q, ctx) => {
    if (q.dateFrom && q.dateTo && q.dateTo < q.dateFrom) ctx.addIssue({ code: "custom", path: ["dateTo"], message: V.invalidValue });
  });
export type AuditLogsQuery = z.infer<typeof auditLogsQuery>;

/** Who did what to which record, when and from where. */
export interface AuditLogView {
  id: number;
  /** Null for a failed sign-in with an unknown email. */
  companyId: number | null;
  /** The company's name (as recorded when it was since deleted). */
  companyName: string | null;
  userId: number | null;
  /** The user's name when it happened. */
  userName: string | null;
  /** The domain event's type, e.g. `user.updated`. */
  action: string;
  entityType: string | null;
  entityId: string | null;
  /** A short line: the record's name, the changed fields. */
  summary: string;
  /** Small facts: changed field names, names, the email of a failed sign-in; never secrets or message bodies. */
  details: Record<string, unknown>;
  ip: string | null;
  occurredAt: string;
}

export interface AuditLogsPage {
  auditLogs: AuditLogView[];
  count: number;
  hasMore: boolean;
}

/** GET /audit-logs/filters: a super user may name a company; others get their own. */
export const auditLogFiltersQuery = z.object({ companyId: optionalIdFilter });

/** What the page's filters offer: the users (and, for a super user, the companies) the trail names. */
export interface AuditLogFilterOptions {
  users: { id: number; name: string }[];
  companies: { id: number; name: string }[];
}
