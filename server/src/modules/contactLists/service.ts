import { and, asc, count, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { CONTACT_LISTS_PAGE_SIZE, type ContactListBody, type ListQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { contactListItems, contactLists } from "../../db/schema";
import { containsPattern } from "../../db/like";
import { AppError } from "../../http/errors";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { presentContactList } from "./present";
import { contactListCreated, contactListDeleted, contactListUpdated } from "./events";

type ContactListRow = typeof contactLists.$inferSelect;

/** By name whatever its case (the same on every database collation), then by id. */
const byName = [asc(sql`lower(${contactLists.name})`), asc(contactLists.id)];

/** How many contacts each of these lists holds. */
async function contactsCounts(db: Db, companyId: number, listIds: number[]) {
  if (listIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ contactListId: contactListItems.contactListId, total: count() })
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), inArray(contactListItems.contactListId, listIds)))
    .groupBy(contactListItems.contactListId);
  return new Map(rows.map((r) => [r.contactListId, r.total]));
}

async function presentAll(db: Db, companyId: number, rows: ContactListRow[]) {
  const counts = await contactsCounts(
    db,
    companyId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentContactList(row, counts.get(row.id) ?? 0));
}

/** A list with its contacts count, read with `db` (a transaction sees its own writes). */
export async function contactListRecord(db: Db, row: ContactListRow) {
  const [record] = await presentAll(db, row.companyId, [row]);
  return record;
}

function nameFilter(caller: Caller, searchParam: string) {
  const filters: SQL[] = [eq(contactLists.companyId, caller.companyId)];
  if (searchParam) filters.push(ilike(contactLists.name, containsPattern(searchParam)));
  return and(...filters);
}

/** GET /contact-lists/: 20 a page by name, searching the name, each with its contacts count. */
export async function listContactListsPage(db: Db, caller: Caller, query: ListQuery) {
  const where = nameFilter(caller, query.searchParam);
  const offset = (query.pageNumber - 1) * CONTACT_LISTS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contactLists)
      .where(where)
      .orderBy(...byName)
      .limit(CONTACT_LISTS_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(contactLists).where(where),
  ]);
  return { records: await presentAll(db, caller.companyId, rows), count: total, hasMore: total > offset + rows.length };
}

/** GET /contact-lists/list: every list of the company by name (a campaign's list select). */
export async function listContactListOptions(db: Db, caller: Caller, searchParam: string) {
  const rows = await db
    .select()
    .from(contactLists)
    .where(nameFilter(caller, searchParam))
    .orderBy(...byName);
  return presentAll(db, caller.companyId, rows);
}

/** A list of the caller's company; another company's list does not exist for the caller. */
export async function findContactList(db: Db, companyId: number, id: number): Promise<ContactListRow> {
  const [row] = await db
    .select()
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

export async function showContactList(db: Db, caller: Caller, id: number) {
  return contactListRecord(db, await findContactList(db, caller.companyId, id));
}

export async function createContactList(ctx: AppContext, caller: Caller, body: ContactListBody) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx.insert(contactLists).values({ companyId: caller.companyId, name: body.name }).returning();
    const record = presentContactList(row, 0);
    events.add(contactListCreated(record, actorOf(caller)));
    return record;
  });
}

export async function updateContactList(ctx: AppContext, caller: Caller, id: number, body: ContactListBody) {
  const current = await findContactList(ctx.db, caller.companyId, id);
  const changes = { name: body.name };
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(contactLists)
      .set(changes)
      .where(and(eq(contactLists.companyId, caller.companyId), eq(contactLists.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404); // deleted meanwhile
    const record = await contactListRecord(tx, row);
    events.add(contactListUpdated(record, changedFields(current, changes), actorOf(caller)));
    return record;
  });
}

/** Deletes the list and, with it, every contact it holds. */
export async function deleteContactList(ctx: AppContext, caller: Caller, id: number) {
  await findContactList(ctx.db, caller.companyId, id);
  await command(ctx, async (tx, events) => {
    const [{ total }] = await tx
      .select({ total: count() })
      .from(contactListItems)
      .where(and(eq(contactListItems.companyId, caller.companyId), eq(contactListItems.contactListId, id)));
    // the items go with it, by the foreign key's cascade
    const [row] = await tx
      .delete(contactLists)
      .where(and(eq(contactLists.companyId, caller.companyId), eq(contactLists.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404);
    events.add(contactListDeleted(row, total, actorOf(caller)));
  });
}
