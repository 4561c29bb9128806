import { and, asc, count, eq, ilike, inArray, type SQL } from "drizzle-orm";
import { PAGE_SIZE, type ListQuery, type UpdateTagBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { tags, ticketTags } from "../../db/schema";
import { containsPattern } from "../../db/like";
import { AppError } from "../../http/errors";
import { authorize } from "../../policies";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { presentTagWithCount } from "./present";
import { tagDeleted, tagUpdated } from "./events";

type TagRow = typeof tags.$inferSelect;

/** How many tickets carry each of these tags. */
async function ticketCounts(db: Db, companyId: number, tagIds: number[]) {
  if (tagIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ tagId: ticketTags.tagId, total: count() })
    .from(ticketTags)
    .where(and(eq(ticketTags.companyId, companyId), inArray(ticketTags.tagId, tagIds)))
    .groupBy(ticketTags.tagId);
  return new Map(rows.map((r) => [r.tagId, r.total]));
}

export async function withCount(db: Db, row: TagRow) {
  const counts = await ticketCounts(db, row.companyId, [row.id]);
  return presentTagWithCount(row, counts.get(row.id) ?? 0);
}

/** The tags page: 20 a page by name, searching the name, each with its tickets count. */
export async function listTagsPage(db: Db, caller: Caller, query: ListQuery) {
  const limit = PAGE_SIZE.tags;
  const offset = (query.pageNumber - 1) * limit;
  const filters: SQL[] = [eq(tags.companyId, caller.companyId)];
  if (query.searchParam) filters.push(ilike(tags.name, containsPattern(query.searchParam)));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([db.select().from(tags).where(where).orderBy(asc(tags.name), asc(tags.id)).limit(limit).offset(offset), db.select({ total: count() }).from(tags).where(where)]);
  const counts = await ticketCounts(
    db,
    caller.companyId,
    rows.map((t) => t.id),
  );
  return {
    tags: rows.map((t) => presentTagWithCount(t, counts.get(t.id) ?? 0)),
    count: total,
    hasMore: total > offset + rows.length,
  };
}

/** A tag of the caller's company; another company's tag does not exist for the caller. */
export async function findTag(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(tags.id, id)));
  if (!row) throw new AppError("ERR_NO_TAG_FOUND", 404);
  return row;
}

export async function showTag(db: Db, caller: Caller, id: number) {
  return withCount(db, await findTag(db, caller.companyId, id));
}

/** Admins and supervisors edit tags; only they may turn one into a kanban lane. */
export async function updateTag(ctx: AppContext, caller: Caller, id: number, body: UpdateTagBody) {
  authorize(caller, "tags:manage");
  if (body.kanban === 1) authorize(caller, "tags:kanban");
  const existing = await findTag(ctx.db, caller.companyId, id);
  const changes = Object.fromEntries(Object.entries({ name: body.name, color: body.color, kanban: body.kanban }).filter(([, v]) => v !== undefined));
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(tags)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(tags.companyId, caller.companyId), eq(tags.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NO_TAG_FOUND", 404); // deleted meanwhile
    const tag = await withCount(tx, row);
    events.add(tagUpdated(tag, changedFields(existing, changes), actorOf(caller)));
    return tag;
  });
}

/** Deletes a tag; the tickets that carried it simply lose it (foreign key). */
export async function deleteTag(ctx: AppContext, caller: Caller, id: number) {
  authorize(caller, "tags:manage");
  await command(ctx, async (tx, events) => {
    const [deleted] = await tx
      .delete(tags)
      .where(and(eq(tags.companyId, caller.companyId), eq(tags.id, id)))
      .returning();
    if (!deleted) throw new AppError("ERR_NO_TAG_FOUND", 404);
    events.add(tagDeleted(deleted, actorOf(caller)));
  });
}
