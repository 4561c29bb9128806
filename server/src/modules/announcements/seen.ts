import { and, eq, gt, sql } from "drizzle-orm";
import type { Caller } from "../../context";
import type { Db } from "../../db/client";
import { announcements, announcementViews } from "../../db/schema";

/**
 * The top bar's dot (core-workspace §2): whether an active announcement was published or changed
 * since this user last opened the popover, kept on the server so it holds across browsers.
 */
export async function seenState(db: Db, caller: Caller) {
  const [view] = await db.select({ seenAt: announcementViews.seenAt }).from(announcementViews).where(eq(announcementViews.userId, caller.id));
  const since = view ? gt(announcements.updatedAt, view.seenAt) : undefined;
  const [newer] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.status, true), since))
    .limit(1);
  return { lastSeenAt: view ? view.seenAt.toISOString() : null, unseen: !!newer };
}

/** The user opened the popover: everything up to now counts as seen. */
export async function markSeen(db: Db, caller: Caller) {
  await db
    .insert(announcementViews)
    .values({ userId: caller.id, seenAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: announcementViews.userId, set: { seenAt: sql`clock_timestamp()` } });
  return seenState(db, caller);
}
