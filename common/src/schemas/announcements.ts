import { z } from "zod";
import { listQuery } from "./common";
import { V } from "./messages";

/** Rows per page of GET /announcements. */
export const ANNOUNCEMENTS_PAGE_SIZE = 20;

export const announcementsQuery = listQuery;

/** Priorities (administration §3, §9): 1 high, 2 medium, 3 low (the default). */
export const ANNOUNCEMENT_PRIORITIES = [1, 2, 3] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/** The attachment (administration §5): one image, .png, .jpg or .jpeg, checked by its bytes too. */
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
export const isAnnouncementMediaName = (name: string) => ANNOUNCEMENT_MEDIA_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** Accepts a boolean or its usual text forms (forms and the original client send either). */
const statusFlag = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "active", "inactive"]), z.literal(1), z.literal(0)], { error: V.invalidValue })
  .transform((v) => v === true || v === "true" || v === "1" || v === 1 || v === "active");

const priorityField = z.coerce.number({ error: V.invalidValue }).pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: V.invalidValue }));

/**
 * POST /announcements and PUT /announcements/:id (administration §5, §9): title and text required;
 * priority 3 and status active by default. The attachment changes only through media-upload.
 */
export const announcementBody = z.object({
  title: z.string({ error: V.required }).trim().min(1, V.required).max(200, V.tooLong),
  text: z.string({ error: V.required }).trim().min(1, V.required).max(10_000, V.tooLong),
  priority: priorityField.optional().default(3),
  status: statusFlag.optional().default(true),
  mediaPath: z.unknown().optional(),
  mediaName: z.unknown().optional(),
  companyId: z.unknown().optional(),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;
export type AnnouncementFormInput = z.input<typeof announcementBody>;

/**
 * GET /announcements/seen and PUT /announcements/seen: the top bar's dot, kept per user. `unseen`
 * is true while an active announcement was published or changed after `lastSeenAt` (null: never
 * opened); PUT records now as the moment the user opened the popover.
 */
export const announcementsSeenResponse = z.object({
  lastSeenAt: z.string().nullable().describe("When the user last opened the announcements popover (ISO 8601), or null"),
  unseen: z.boolean().describe("Whether an active announcement changed since then: the dot shows"),
});
export type AnnouncementsSeenResponse = z.infer<typeof announcementsSeenResponse>;
