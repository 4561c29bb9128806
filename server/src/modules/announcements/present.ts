import type { announcements } from "../../db/schema";

type AnnouncementRow = typeof announcements.$inferSelect;

/** Where the attachment is read, with the bearer token (never a public folder). */
export const announcementMediaUrl = (id: number) => `/media/announcements/${id}`;

/**
 * An announcement as the page, the top bar's popover and the `announcement` event carry it.
 * mediaPath is the attachment's authenticated address, never the stored key.
 */
export function presentAnnouncement(a: AnnouncementRow) {
  return {
    id: a.id,
    title: a.title,
    text: a.text,
    priority: a.priority,
    status: a.status,
    mediaPath: a.mediaPath ? announcementMediaUrl(a.id) : null,
    mediaName: a.mediaName,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}
export type AnnouncementRecord = ReturnType<typeof presentAnnouncement>;
