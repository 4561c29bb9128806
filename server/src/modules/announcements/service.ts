import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { ANNOUNCEMENTS_PAGE_SIZE, type AnnouncementBody, type ListQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { announcements } from "../../db/schema";
import { AppError } from "../../http/errors";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { announcementCreated, announcementDeleted, announcementUpdated } from "./events";
import { presentAnnouncement } from "./present";

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a caller may read: the super user every announcement, everyone else the active ones. */
export const visibleTo = (caller: Pick<Caller, "super">): SQL | undefined => (caller.super ? undefined : eq(announcements.status, true));

/** GET /announcements: 20 a page, newest first, searched in title and text. */
export async function listAnnouncements(db: Db, caller: Caller, query: ListQuery) {
  const term = query.searchParam ? `%${escapeLike(query.searchParam)}%` : null;
  const where = and(visibleTo(caller), term ? or(ilike(announcements.title, term), ilike(announcements.text, term)) : undefined);
  const offset = (query.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(announcements).where(where).orderBy(desc(announcements.createdAt), desc(announcements.id)).limit(ANNOUNCEMENTS_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(announcements).where(where),
  ]);
  return { records: rows.map(presentAnnouncement), count: total, hasMore: total > offset + rows.length };
}

/** The row, when this caller may read it; an inactive one is "not found" for all but the super user. */
export async function findVisibleAnnouncement(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), visibleTo(caller)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

const fieldsOf = (body: AnnouncementBody) => ({ title: body.title, text: body.text, priority: body.priority, status: body.status });

export function createAnnouncement(ctx: AppContext, caller: Caller, body: AnnouncementBody) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx.insert(announcements).values(fieldsOf(body)).returning();
    const record = presentAnnouncement(row);
    events.add(announcementCreated(record, actorOf(caller)));
    return record;
  });
}

/** Title, text, priority and status; the attachment changes through media-upload only. */
export async function updateAnnouncement(ctx: AppContext, caller: Caller, id: number, body: AnnouncementBody) {
  const current = await findVisibleAnnouncement(ctx.db, caller, id);
  const changes = fieldsOf(body);
  return command(ctx, async (tx, events) => {
    const [row] = await tx.update(announcements).set(changes).where(eq(announcements.id, id)).returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404); // deleted meanwhile
    const record = presentAnnouncement(row);
    events.add(announcementUpdated(record, changedFields(current, changes), actorOf(caller)));
    return record;
  });
}

export async function deleteAnnouncement(ctx: AppContext, caller: Caller, id: number) {
  const deleted = await command(ctx, async (tx, events) => {
    const [row] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404);
    events.add(announcementDeleted(row, actorOf(caller)));
    return row;
  });
  if (deleted.mediaPath && deleted.mediaCompanyId !== null) await ctx.media.remove(deleted.mediaCompanyId, deleted.mediaPath).catch(() => undefined);
}
