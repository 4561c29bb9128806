import type { quickMessages } from "../../db/schema";

type QuickMessageRow = typeof quickMessages.$inferSelect;

/** Where the attachment is read, with the bearer token (never a public folder). */
export const quickMessageMediaUrl = (id: number) => `/media/quick-messages/${id}`;

/**
 * A quick reply as the composer uses it. mediaPath is the attachment's authenticated address
 * (the spec's client fetches it by that path as a blob), never the stored key.
 */
export function presentQuickMessage(q: QuickMessageRow) {
  return { id: q.id, shortcode: q.shortcode, message: q.message, mediaPath: q.mediaPath ? quickMessageMediaUrl(q.id) : null, mediaName: q.mediaName, geral: q.geral };
}

/** A whole quick message, as the page, its dialog and the quickemessage events carry it. */
export function presentQuickMessageRecord(q: QuickMessageRow) {
  return {
    ...presentQuickMessage(q),
    status: q.status,
    isMedia: !!q.mediaPath,
    userId: q.userId,
    companyId: q.companyId,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
  };
}
export type QuickMessageRecord = ReturnType<typeof presentQuickMessageRecord>;
