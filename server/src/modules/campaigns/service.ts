import { and, asc, count, desc, eq, ilike, inArray, isNotNull, sql } from "drizzle-orm";
import { CAMPAIGN_EDIT_MARGIN_MS, CAMPAIGNS_PAGE_SIZE, type CampaignBody, type CampaignCounts, type CampaignDetail, type ListQuery } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { campaigns, campaignShippings, contactListItems, contactLists, fileLists, tags, whatsapps } from "../../db/schema";
import { containsPattern } from "../../db/like";
import { rowsOf } from "../../channels/sqlRows";
import { AppError } from "../../http/errors";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { changedFields } from "../../events/changedFields";
import { presentCampaign, type CampaignRow } from "./present";
import { campaignCreated, campaignDeleted, campaignUpdated } from "./events";
import { wakeCampaignsAt } from "../../jobs/campaignWakeups";
import { prepareTemplate } from "../messages/templates";

/** The connection's and the list's names of these campaigns, read together. */
async function presentAll(db: Db, companyId: number, rows: CampaignRow[]) {
  const wIds = [...new Set(rows.map((r) => r.whatsappId).filter((v): v is number => v !== null))];
  const lIds = [...new Set(rows.map((r) => r.contactListId).filter((v): v is number => v !== null))];
  const [ws, ls] = await Promise.all([
    wIds.length
      ? db
          .select({ id: whatsapps.id, name: whatsapps.name })
          .from(whatsapps)
          .where(and(eq(whatsapps.companyId, companyId), inArray(whatsapps.id, wIds)))
      : [],
    lIds.length
      ? db
          .select({ id: contactLists.id, name: contactLists.name })
          .from(contactLists)
          .where(and(eq(contactLists.companyId, companyId), inArray(contactLists.id, lIds)))
      : [],
  ]);
  const wById = new Map(ws.map((w) => [w.id, w]));
  const lById = new Map(ls.map((l) => [l.id, l]));
  return rows.map((r) => presentCampaign(r, (r.whatsappId && wById.get(r.whatsappId)) || null, (r.contactListId && lById.get(r.contactListId)) || null));
}

/** A campaign as the events show it, read with `db` (a transaction sees its own writes); null when gone. */
export async function findCampaignRecord(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  return row ? (await presentAll(db, companyId, [row]))[0] : null;
}

/** A campaign of the caller's company; another company's does not exist for the caller. */
export async function findCampaign(db: Db, companyId: number, id: number): Promise<CampaignRow> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id)));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  return row;
}

/** GET /campaigns/: 20 a page, newest first, searching the name. */
export async function listCampaignsPage(db: Db, caller: Caller, query: ListQuery) {
  const where = and(eq(campaigns.companyId, caller.companyId), query.searchParam ? ilike(campaigns.name, containsPattern(query.searchParam)) : undefined);
  const offset = (query.pageNumber - 1) * CAMPAIGNS_PAGE_SIZE;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(campaigns).where(where).orderBy(desc(campaigns.id)).limit(CAMPAIGNS_PAGE_SIZE).offset(offset),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return { records: await presentAll(db, caller.companyId, rows), count: total, hasMore: total > offset + rows.length };
}

/** GET /campaigns/:id: the record, its list's contacts and its shipping records with their counts (the report). */
export async function showCampaign(db: Db, caller: Caller, id: number) {
  const row = await findCampaign(db, caller.companyId, id);
  const [record] = await presentAll(db, caller.companyId, [row]);
  const contacts = record.contactList
    ? await db
        .select({ id: contactListItems.id, name: contactListItems.name, number: contactListItems.number, email: contactListItems.email, isWhatsappValid: contactListItems.isWhatsappValid })
        .from(contactListItems)
        .where(and(eq(contactListItems.companyId, caller.companyId), eq(contactListItems.contactListId, record.contactList.id)))
        .orderBy(asc(contactListItems.id))
    : [];
  const [shippings, counts] = await Promise.all([
    db
      .select()
      .from(campaignShippings)
      .where(and(eq(campaignShippings.companyId, caller.companyId), eq(campaignShippings.campaignId, id)))
      .orderBy(asc(campaignShippings.position)),
    campaignCounts(db, caller.companyId, id),
  ]);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    ...record,
    contactList: record.contactList ? { ...record.contactList, contacts } : null,
    shipping: shippings.map((s) => ({
      id: s.id,
      number: s.number,
      deliveredAt: iso(s.deliveredAt),
      confirmationRequestedAt: iso(s.confirmationRequestedAt),
      confirmedAt: iso(s.confirmedAt),
      failedAt: iso(s.failedAt),
    })),
    // before the start, the list's contacts that may be sent to; after it, the contacts it was created for
    counts: { ...counts, validContacts: shippings.length || contacts.filter((c) => c.isWhatsappValid !== false).length },
  } satisfies CampaignDetail;
}

/**
 * A campaign's counts in one statement over its shipping records: a contact that opted out is
 * counted once, as opted out (after the campaign reached it, or before its turn), not as failed.
 */
export async function campaignCounts(db: Db, companyId: number, campaignId: number): Promise<CampaignCounts> {
  const [row] = await rowsOf<CampaignCounts>(
    db,
    sql`select count(*)::int as "validContacts",
          count(s.confirmation_requested_at)::int as "confirmationRequested",
          count(s.confirmed_at)::int as "confirmed",
          count(s.delivered_at)::int as "delivered",
          (count(s.failed_at) filter (where s.failure is distinct from 'opted out'))::int as "failed",
          (count(*) filter (where exists (select 1 from campaign_opt_outs o where o.company_id = s.company_id and o.number = s.number and o.opted_out_at >= s.created_at)))::int as "optedOut"
        from campaign_shippings s
        where s.company_id = ${companyId}::int and s.campaign_id = ${campaignId}::int`,
  );
  return row;
}

/** Each id the body names must be the caller's company's: a stranger's or a missing one is refused, naming the field. */
async function checkReferences(db: Db, companyId: number, body: CampaignBody) {
  const refs = [
    ["whatsappId", whatsapps, body.whatsappId],
    ["contactListId", contactLists, body.contactListId],
    ["fileListId", fileLists, body.fileListId],
    ["tagListId", tags, body.tagListId],
  ] as const;
  for (const [field, table, id] of refs) {
    if (id === null || id === undefined) continue;
    const [found] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, companyId), eq(table.id, id)));
    if (!found) throw new AppError("ERR_VALIDATION", 400, { field, message: `${field}: Invalid value` });
  }
}

/**
 * A campaign's template must be one of its Cloud API connection's approved templates, with a value
 * for each of its variables (the contact's placeholders are filled when it is sent).
 */
async function checkTemplate(db: Db, companyId: number, fields: { whatsappId: number | null; template: CampaignBody["template"] }) {
  if (!fields.template) return;
  const [connection] = fields.whatsappId
    ? await db
        .select({ channel: whatsapps.channel })
        .from(whatsapps)
        .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.id, fields.whatsappId)))
    : [];
  if (connection?.channel !== "cloud") throw new AppError("ERR_VALIDATION", 400, { field: "template", message: "template: message templates are sent on Cloud API connections only" });
  await prepareTemplate(db, companyId, fields.whatsappId!, fields.template);
}

/** A campaign with its time, its list and its connection is PROGRAMADA; otherwise it waits, INATIVA. */
function statusOnSave(current: string | null, fields: { scheduledAt: Date | null; contactListId: number | null; whatsappId: number | null }) {
  const complete = fields.scheduledAt !== null && fields.contactListId !== null && fields.whatsappId !== null;
  if (complete) return "PROGRAMADA";
  return current === "CANCELADA" ? "CANCELADA" : "INATIVA";
}

/** The dialog's fields as stored (what the body leaves out is kept, or its default for a new one). */
function fieldsOf(body: CampaignBody, before?: CampaignRow) {
  const keep = <T>(v: T | undefined, old: T) => (v === undefined ? old : v);
  return {
    name: body.name,
    confirmation: body.confirmation,
    scheduledAt: keep(body.scheduledAt, before?.scheduledAt ?? null),
    whatsappId: keep(body.whatsappId, before?.whatsappId ?? null),
    contactListId: keep(body.contactListId, before?.contactListId ?? null),
    tagListId: keep(body.tagListId, before?.tagListId ?? null),
    fileListId: keep(body.fileListId, before?.fileListId ?? null),
    template: keep(body.template, before?.template ?? null),
    message1: body.message1,
    message2: body.message2,
    message3: body.message3,
    message4: body.message4,
    message5: body.message5,
    confirmationMessage1: body.confirmationMessage1,
    confirmationMessage2: body.confirmationMessage2,
    confirmationMessage3: body.confirmationMessage3,
    confirmationMessage4: body.confirmationMessage4,
    confirmationMessage5: body.confirmationMessage5,
  };
}

/** POST /campaigns: INATIVA, or PROGRAMADA when it has its time, list and connection. */
export async function createCampaign(ctx: AppContext, caller: Caller, body: CampaignBody) {
  await checkReferences(ctx.db, caller.companyId, body);
  const fields = fieldsOf(body);
  await checkTemplate(ctx.db, caller.companyId, fields);
  const record = await command(ctx, async (tx, events) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ ...fields, companyId: caller.companyId, status: statusOnSave(null, fields) })
      .returning();
    const [record] = await presentAll(tx, caller.companyId, [row]);
    events.add(campaignCreated(record, actorOf(caller)));
    return record;
  });
  if (record.status === "PROGRAMADA" && record.scheduledAt) await wakeCampaignsAt(ctx, new Date(record.scheduledAt));
  return record;
}

/**
 * Whether the dialog may save it (§4): INATIVA; PROGRAMADA with its start more than an hour away;
 * CANCELADA. A running or finished campaign, or one about to start, is read-only.
 */
export function assertEditable(row: CampaignRow, now = new Date()) {
  if (row.status === "INATIVA" || row.status === "CANCELADA") return;
  if (row.status === "PROGRAMADA" && row.scheduledAt && row.scheduledAt.getTime() - now.getTime() > CAMPAIGN_EDIT_MARGIN_MS) return;
  throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 400, { status: row.status });
}

/** PUT /campaigns/:id: only while editable; the status follows the saved fields. */
export async function updateCampaign(ctx: AppContext, caller: Caller, id: number, body: CampaignBody) {
  const before = await findCampaign(ctx.db, caller.companyId, id);
  assertEditable(before);
  await checkReferences(ctx.db, caller.companyId, body);
  const fields = fieldsOf(body, before);
  await checkTemplate(ctx.db, caller.companyId, fields);
  const status = statusOnSave(before.status, fields);
  const record = await command(ctx, async (tx, events) => {
    // the status it was read with, so that a start or a cancel meanwhile is never overwritten
    const [row] = await tx
      .update(campaigns)
      .set({ ...fields, status, nextSendAt: null, updatedAt: new Date() })
      .where(and(eq(campaigns.companyId, caller.companyId), eq(campaigns.id, id), eq(campaigns.status, before.status)))
      .returning();
    if (!row) return null;
    const [record] = await presentAll(tx, caller.companyId, [row]);
    events.add(campaignUpdated(record, changedFields(before, row), actorOf(caller)));
    return record;
  });
  if (!record) throw new AppError("ERR_CAMPAIGN_NOT_EDITABLE", 400);
  if (record.status === "PROGRAMADA" && record.scheduledAt) await wakeCampaignsAt(ctx, new Date(record.scheduledAt));
  return record;
}

/**
 * Whether messages already sent reference the campaign's attachment (they point at the stored file,
 * not a copy): then the file stays when the campaign drops it, so those messages keep their media.
 */
export async function attachmentSent(db: Db, companyId: number, campaignId: number) {
  const [sent] = await db
    .select({ id: campaignShippings.id })
    .from(campaignShippings)
    .where(and(eq(campaignShippings.companyId, companyId), eq(campaignShippings.campaignId, campaignId), isNotNull(campaignShippings.deliveredAt)))
    .limit(1);
  return !!sent;
}

/** DELETE /campaigns/:id: with its shipping records (a running one stops at its next message) and its attachment. */
export async function deleteCampaign(ctx: AppContext, caller: Caller, id: number) {
  const row = await findCampaign(ctx.db, caller.companyId, id);
  const keepFile = await attachmentSent(ctx.db, caller.companyId, id);
  const gone = await command(ctx, async (tx, events) => {
    const [deleted] = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.companyId, caller.companyId), eq(campaigns.id, id)))
      .returning();
    if (deleted) events.add(campaignDeleted(deleted, actorOf(caller)));
    return deleted;
  });
  if (!gone) throw new AppError("ERR_NOT_FOUND", 404);
  if (row.mediaPath && !keepFile) await ctx.media.remove(caller.companyId, row.mediaPath).catch(() => undefined);
}

/** A status change of the sender or of cancel/restart, with its event, in the caller's transaction. */
export async function changeStatus(ctx: AppContext, companyId: number, id: number, from: string[], set: Partial<typeof campaigns.$inferInsert>, actor?: ReturnType<typeof actorOf>) {
  return command(ctx, async (tx, events) => {
    const [row] = await tx
      .update(campaigns)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(campaigns.companyId, companyId), eq(campaigns.id, id), inArray(campaigns.status, from)))
      .returning();
    if (!row) return null;
    const [record] = await presentAll(tx, companyId, [row]);
    events.add(campaignUpdated(record, Object.keys(set), actor));
    return record;
  });
}

/** POST /campaigns/:id/cancel: a running or scheduled campaign stops; the sender sends nothing more. */
export async function cancelCampaign(ctx: AppContext, caller: Caller, id: number) {
  await findCampaign(ctx.db, caller.companyId, id);
  const record = await changeStatus(ctx, caller.companyId, id, ["EM_ANDAMENTO", "PROGRAMADA"], { status: "CANCELADA" }, actorOf(caller));
  if (!record) throw new AppError("ERR_CAMPAIGN_NOT_CANCELLABLE", 400);
  return record;
}

/** POST /campaigns/:id/restart: a cancelled campaign goes on from its first contact not yet sent to. */
export async function restartCampaign(ctx: AppContext, caller: Caller, id: number) {
  await findCampaign(ctx.db, caller.companyId, id);
  const record = await changeStatus(ctx, caller.companyId, id, ["CANCELADA"], { status: "EM_ANDAMENTO", nextSendAt: null, completedAt: null }, actorOf(caller));
  if (!record) throw new AppError("ERR_CAMPAIGN_NOT_RESTARTABLE", 400);
  await wakeCampaignsAt(ctx, new Date());
  return record;
}
