import { and, asc, count, eq, ilike, like, or, sql, type SQL } from "drizzle-orm";
import { CONTACT_LIST_ITEMS_PAGE_SIZE, type CreateContactListItemBody, type ListQuery, type UpdateContactListItemBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { contactListItems } from "../../db/schema";
import { containsPattern } from "../../db/like";
import { AppError } from "../../http/errors";
import { authorize } from "../../policies";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { wakeContactListCheck } from "../../jobs/contactListCheckWakeups";
import { presentContactListItem } from "./present";
import { findContactList } from "./service";
import { asCallerErrors, listNotFound } from "./refusals";
import { contactListItemCreated, contactListItemDeleted, contactListItemUpdated } from "./events";

type ContactListItemRow = typeof contactListItems.$inferSelect;

/** By name whatever its case, then by id. */
const byName = [asc(sql`lower(${contactListItems.name})`), asc(contactListItems.id)];

/** GET /contact-list-items: a list's contacts, 20 a page by name, searching the name or the number. */
export async function listContactListItemsPage(db: Db, caller: Caller, query: ListQuery & { contactListId: number }) {
  const list = await findContactList(db, caller.companyId, query.contactListId);
  const filters: SQL[] = [eq(contactListItems.companyId, caller.companyId), eq(contactListItems.contactListId, list.id)];
  if (query.searchParam) {
    const digits = query.searchParam.replace(/\D/g, "");
    const byText = ilike(contactListItems.name, containsPattern(query.searchParam));
    filters.push(digits ? or(byText, like(contactListItems.number, containsPattern(digits)))! : byText);
  }
  const where = and(...filters);
  const offset = (query.pageNumber - 1) * CONTACT_LIST_ITEMS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(contactListItems)
      .where(where)
      .orderBy(...byName)
      .limit(CONTACT_LIST_ITEMS_PAGE_SIZE)
      .offset(offset),
    db.select({ total: count() }).from(contactListItems).where(where),
  ]);
  return { contacts: rows.map(presentContactListItem), count: total, hasMore: total > offset + rows.length };
}

/** An item of the caller's company; another company's item does not exist for the caller. */
export async function findContactListItem(db: Db, companyId: number, id: number): Promise<ContactListItemRow> {
  const [row] = await db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), eq(contactListItems.id, id)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

export async function showContactListItem(db: Db, caller: Caller, id: number) {
  return presentContactListItem(await findContactListItem(db, caller.companyId, id));
}

/** Adds a contact to a list of the caller's company; its number is checked on WhatsApp in the background. */
export async function createContactListItem(ctx: AppContext, caller: Caller, body: CreateContactListItemBody) {
  const list = await findContactList(ctx.db, caller.companyId, body.contactListId).catch((err) => {
    throw err instanceof AppError ? listNotFound() : err;
  });
  const record = await asCallerErrors(() =>
    command(ctx, async (tx, events) => {
      const [row] = await tx.insert(contactListItems).values({ companyId: caller.companyId, contactListId: list.id, name: body.name, number: body.number, email: body.email }).returning();
      const created = presentContactListItem(row);
      events.add(contactListItemCreated(created, actorOf(caller)));
      return created;
    }),
  );
  await wakeContactListCheck(ctx);
  return record;
}

/** Name, number and email; a new number is checked on WhatsApp again. The item stays in its list. */
export async function updateContactListItem(ctx: AppContext, caller: Caller, id: number, body: UpdateContactListItemBody) {
  const current = await findContactListItem(ctx.db, caller.companyId, id);
  const changes = { name: body.name, number: body.number, email: body.email };
  const renumbered = body.number !== current.number;
  const record = await asCallerErrors(() =>
    command(ctx, async (tx, events) => {
      const [row] = await tx
        .update(contactListItems)
        .set(renumbered ? { ...changes, isWhatsappValid: null, whatsappCheckedAt: null } : changes)
        .where(and(eq(contactListItems.companyId, caller.companyId), eq(contactListItems.id, id)))
        .returning();
      if (!row) throw new AppError("ERR_NOT_FOUND", 404); // deleted meanwhile
      const updated = presentContactListItem(row);
      events.add(contactListItemUpdated(updated, changedFields(current, changes), actorOf(caller)));
      return updated;
    }),
  );
  if (renumbered) await wakeContactListCheck(ctx);
  return record;
}

/** Only the roles that may delete contacts delete a list's contact (contacts-page:deleteContact). */
export async function deleteContactListItem(ctx: AppContext, caller: Caller, id: number) {
  await findContactListItem(ctx.db, caller.companyId, id);
  authorize(caller, "contacts-page:deleteContact");
  await command(ctx, async (tx, events) => {
    const [row] = await tx
      .delete(contactListItems)
      .where(and(eq(contactListItems.companyId, caller.companyId), eq(contactListItems.id, id)))
      .returning();
    if (!row) throw new AppError("ERR_NOT_FOUND", 404);
    events.add(contactListItemDeleted(row, actorOf(caller)));
  });
}
