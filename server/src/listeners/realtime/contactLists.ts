import { and, eq, inArray } from "drizzle-orm";
import { contactListItemChannel, rooms, type ContactListItemRecord, type ContactListRecord } from "@balcao/common";
import type { AppContext } from "../../context";
import type { DomainEvent, Listener } from "../../events/types";
import { contactListItems, contactLists } from "../../db/schema";
import { contactListRecord } from "../../modules/contactLists/service";
import { presentContactListItem } from "../../modules/contactLists/present";
import { idOf, viewOf } from "./viewOf";

const LIST_TYPES = new Set(["contactList.created", "contactList.updated", "contactList.deleted"]);
const ITEM_TYPES = new Set(["contactListItem.created", "contactListItem.updated", "contactListItem.deleted", "contactListItems.imported", "contactListItems.checked"]);
/** Item changes that change the list's contacts count. */
const COUNTED = new Set(["contactListItem.created", "contactListItem.deleted", "contactListItems.imported"]);

/** The list with its contacts count as it is now; null when it is gone. */
async function readList(ctx: AppContext, companyId: number, id: number): Promise<ContactListRecord | null> {
  const [row] = await ctx.db
    .select()
    .from(contactLists)
    .where(and(eq(contactLists.companyId, companyId), eq(contactLists.id, id)));
  return row ? contactListRecord(ctx.db, row) : null;
}

function announceList(ctx: AppContext, companyId: number, id: number, record: ContactListRecord | null, action: "create" | "update") {
  ctx.realtime.toCompany(companyId, "ContactList", record ? { action, record } : { action: "delete", id });
}

/** An item event goes to the company's channel and to its list's own channel, in the company's room only. */
function announceItems(ctx: AppContext, companyId: number, contactListId: number, payload: unknown) {
  ctx.realtime.toCompany(companyId, "ContactListItem", payload);
  ctx.realtime.server?.to(rooms.company(companyId)).emit(contactListItemChannel(companyId, contactListId), payload);
}

async function readItems(ctx: AppContext, companyId: number, ids: number[]): Promise<ContactListItemRecord[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(contactListItems)
    .where(and(eq(contactListItems.companyId, companyId), inArray(contactListItems.id, ids)));
  return rows.map(presentContactListItem);
}

async function handleItems(ctx: AppContext, event: DomainEvent, companyId: number, contactListId: number) {
  if (event.type === "contactListItem.deleted") {
    const id = idOf(event, "contactListItemId");
    if (id) announceItems(ctx, companyId, contactListId, { action: "delete", id });
  } else if (event.type === "contactListItems.imported" || event.type === "contactListItems.checked") {
    const ids = Array.isArray(event.data.contactListItemIds) ? event.data.contactListItemIds.map(Number).filter(Number.isSafeInteger) : [];
    const records = await viewOf(event, "records", () => readItems(ctx, companyId, ids));
    if (records?.length) announceItems(ctx, companyId, contactListId, { action: "reload", records });
  } else {
    const id = idOf(event, "contactListItemId");
    if (!id) return;
    const record = await viewOf(event, "record", async () => (await readItems(ctx, companyId, [id]))[0] ?? null);
    const action = event.type === "contactListItem.created" ? "create" : "update";
    announceItems(ctx, companyId, contactListId, record ? { action, record } : { action: "delete", id });
  }
  if (COUNTED.has(event.type)) announceList(ctx, companyId, contactListId, await readList(ctx, companyId, contactListId), "update");
}

/**
 * Contact lists to `company-{id}-ContactList` (create, update with the contacts count, delete) and
 * their items to `company-{id}-ContactListItem` and `company-{id}-ContactListItem-{listId}`:
 * create, update, delete, and reload with the records an import or a WhatsApp check wrote.
 */
export const contactListsRealtime: Listener = {
  name: "realtime.contactLists",
  accepts: (type) => LIST_TYPES.has(type) || ITEM_TYPES.has(type),
  async handle(ctx, event) {
    const companyId = event.companyId;
    const contactListId = idOf(event, "contactListId");
    if (companyId === null || contactListId === null) return;
    if (ITEM_TYPES.has(event.type)) return handleItems(ctx, event, companyId, contactListId);
    if (event.type === "contactList.deleted") return ctx.realtime.toCompany(companyId, "ContactList", { action: "delete", id: contactListId });
    const record = await viewOf(event, "record", () => readList(ctx, companyId, contactListId));
    announceList(ctx, companyId, contactListId, record, event.type === "contactList.created" ? "create" : "update");
  },
};
