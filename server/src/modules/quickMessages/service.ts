import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { QUICK_MESSAGES_PAGE_SIZE, type ListQuery, type QuickMessageBody, type QuickMessageUpdateBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { quickMessages } from "../../db/schema";
import { AppError, forbidden } from "../../http/errors";
import { isAdmin } from "../../policies";
import { presentQuickMessage, presentQuickMessageRecord } from "./present";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { quickMessageCreated, quickMessageDeleted, quickMessageUpdated } from "./events";

type QuickMessageRow = typeof quickMessages.$inferSelect;

/** What a caller sees: their own quick messages and the company's shared (geral) ones. */
const visibleTo = (caller: Caller) => and(eq(quickMessages.companyId, caller.companyId), or(eq(quickMessages.userId, caller.id), eq(quickMessages.geral, true)));

/** By shortcode whatever its case (the same on every database collation), then by id. */
const byShortcode = [asc(sql`lower(${quickMessages.shortcode})`), asc(quickMessages.id)];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The composer's quick replies: the caller's own and the shared ones that are active, by shortcode. */
export async function listQuickMessagesFor(db: Db, caller: Caller) {
  const rows = await db
    .select()
    .from(quickMessages)
    .where(and(visibleTo(caller), eq(quickMessages.status, true)))
    .orderBy(...byShortcode);
  return rows.map(presentQuickMessage);
}

/** The quick messages page: visible ones whose shortcode or text contains the search, 20 a page by shortcode. */
export async function listQuickMessages(db: Db, caller: Caller, query: ListQuery) {
  const term = query.searchParam ? `%${escapeLike(query.searchParam)}%` : null;
  const where = term ? and(visibleTo(caller), or(ilike(quickMessages.shortcode, term), ilike(quickMessages.message, term))) : visibleTo(caller);
  const offset = (query.pageNumber - 1) * QUICK_MESSAGES_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(quickMessages)
      .where(where)
      .orderBy(...byShortcode)
      .limit(QUICK_MESSAGES_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(quickMessages).where(where),
  ]);
  return { records: rows.map(presentQuickMessageRecord), count: total, hasMore: total > offset + rows.length };
}

/** A quick message the caller may see; anything else (another user's private one, another company's) is not found. */
export async function findVisibleQuickMessage(db: Db, caller: Caller, id: number): Promise<QuickMessageRow> {
  const [row] = await db
    .select()
    .from(quickMessages)
    .where(and(visibleTo(caller), eq(quickMessages.id, id)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

/** Only its owner or an admin of the company changes a quick message. */
export async function findEditableQuickMessage(db: Db, caller: Caller, id: number): Promise<QuickMessageRow> {
  const row = await findVisibleQuickMessage(db, caller, id);
  if (row.userId !== caller.id && !isAdmin(caller)) throw forbidden();
  return row;
}

export async function createQuickMessage(ctx: AppContext, caller: Caller, body: QuickMessageBody) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx.insert(quickMessages).values({ companyId: caller.companyId, userId: caller.id, shortcode: body.shortcode, message: body.message, geral: body.geral, status: body.status }).returning();
    const record = presentQuickMessageRecord(row);
    events.add(quickMessageCreated(record, actorOf(caller)));
    return record;
  });
}

/** Text and switches only; the owner stays, and the attachment changes through media-upload. */
export async function updateQuickMessage(ctx: AppContext, caller: Caller, id: number, body: QuickMessageUpdateBody) {
  const current = await findEditableQuickMessage(ctx.db, caller, id);
  const changes = { shortcode: body.shortcode, message: body.message, geral: body.geral ?? current.geral, status: body.status };
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(quickMessages)
      .set(changes)
      .where(and(eq(quickMessages.companyId, caller.companyId), eq(quickMessages.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404); // deleted meanwhile
    const record = presentQuickMessageRecord(row);
    events.add(quickMessageUpdated(record, changedFields(current, changes), actorOf(caller)));
    return record;
  });
}

export async function deleteQuickMessage(ctx: AppContext, caller: Caller, id: number) {
  await findEditableQuickMessage(ctx.db, caller, id);
  const deleted = await command(ctx, async (tx, events) => {
    const [row] = await tx
      .delete(quickMessages)
      .where(and(eq(quickMessages.companyId, caller.companyId), eq(quickMessages.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404);
    events.add(quickMessageDeleted(row, actorOf(caller)));
    return row;
  });
  if (deleted.mediaPath) await ctx.media.remove(caller.companyId, deleted.mediaPath).catch(() => undefined);
}
