import { and, asc, eq, exists, gt, isNull, sql } from "drizzle-orm";
import type { ContactListItemRecord } from "@balcao/common";
import type { AppContext } from "../context";
import { contactListItems, whatsapps } from "../db/schema";
import { command } from "../events/command";
import { rowOf, rowsOf } from "../channels/sqlRows";
import { whatsappNumberChecker, type NumberChecker } from "../modules/contacts/whatsappCheck";
import { presentContactListItem } from "../modules/contactLists/present";
import { contactListItemsChanged } from "../modules/contactLists/events";

/** Numbers asked for, and written back, together. */
const CHUNK = 50;
/** Questions to the connection at once. */
const CHECKS_AT_ONCE = 4;
/** Companies with unchecked numbers looked at per run. */
const COMPANIES_PER_RUN = 1000;

interface Unchecked {
  id: number;
  number: string;
}

/**
 * Asks the connection about each number, a few at a time. Stops at the first failure (the
 * connection dropped, WhatsApp did not answer): the numbers not answered stay unchecked.
 */
async function ask(check: NumberChecker, rows: Unchecked[]): Promise<{ answers: Map<number, boolean>; failure: unknown }> {
  const answers = new Map<number, boolean>();
  let failure: unknown = null;
  let next = 0;
  const worker = async () => {
    while (failure === null && next < rows.length) {
      const row = rows[next++];
      try {
        answers.set(row.id, await check(row.number));
      } catch (err) {
        failure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, worker));
  return { answers, failure };
}

/**
 * Writes the answers to the items that still have the number asked about and are still unchecked
 * (an item renumbered meanwhile waits for its own check), and records them per list: the pages
 * showing those lists turn the icons green or grey.
 */
async function record(ctx: AppContext, companyId: number, rows: Unchecked[], answers: Map<number, boolean>) {
  const values = JSON.stringify(rows.filter((r) => answers.has(r.id)).map((r) => ({ id: r.id, number: r.number, valid: answers.get(r.id) })));
  return command(ctx, async (tx, events) => {
    const updated = await rowsOf<{ item: unknown }>(
      tx,
      sql`update contact_list_items i set is_whatsapp_valid = v.valid, whatsapp_checked_at = now()
          from jsonb_to_recordset(${values}::jsonb) as v(id integer, number text, valid boolean)
          where i.id = v.id and i.number = v.number and i.company_id = ${companyId} and i.whatsapp_checked_at is null
          returning row_to_json(i.*) as item`,
    );
    const byList = new Map<number, ContactListItemRecord[]>();
    for (const { item } of updated) {
      const row = rowOf(contactListItems, item);
      if (!row) continue;
      byList.set(row.contactListId, [...(byList.get(row.contactListId) ?? []), presentContactListItem(row)]);
    }
    for (const [contactListId, records] of byList) {
      events.add(contactListItemsChanged("contactListItems.checked", companyId, contactListId, records, { userId: null }));
    }
    return updated.length;
  });
}

/** One company's unchecked numbers, oldest first, chunk by chunk; answers how many were checked and whether some wait. */
async function checkCompany(ctx: AppContext, companyId: number, check: NumberChecker, budget: { chunks: number }) {
  let afterId = 0;
  let checked = 0;
  for (;;) {
    if (budget.chunks <= 0) return { checked, more: true };
    const rows = await ctx.db
      .select({ id: contactListItems.id, number: contactListItems.number })
      .from(contactListItems)
      .where(and(eq(contactListItems.companyId, companyId), isNull(contactListItems.whatsappCheckedAt), gt(contactListItems.id, afterId)))
      .orderBy(asc(contactListItems.id))
      .limit(CHUNK);
    if (rows.length === 0) return { checked, more: false };
    budget.chunks--;
    afterId = rows[rows.length - 1].id;
    const { answers, failure } = await ask(check, rows);
    if (answers.size) checked += await record(ctx, companyId, rows, answers);
    if (failure !== null) {
      // left unchecked: the next run asks again
      ctx.log?.warn({ err: failure, companyId }, "WhatsApp number check of contact lists failed; retried on the next run");
      return { checked, more: false };
    }
  }
}

/**
 * The durable WhatsApp check of contact list numbers (pg-boss job `check-contact-list-numbers`):
 * each company's unchecked items are asked about through its default connection, when that
 * connection is up and its channel can tell (the sandbox and WhatsApp Web can, the Cloud API
 * cannot). A company without such a connection keeps its numbers unchecked (unknown) until it has
 * one. At most `maxChunks` chunks of 50 per run; `more` says that numbers are still waiting.
 */
export async function checkContactListNumbers(ctx: AppContext, { maxChunks = Infinity }: { maxChunks?: number } = {}) {
  // companies whose default connection is up: the others could not check (and would crowd out those that can)
  const companies = await ctx.db
    .selectDistinct({ companyId: contactListItems.companyId })
    .from(contactListItems)
    .where(
      and(
        isNull(contactListItems.whatsappCheckedAt),
        exists(
          ctx.db
            .select({ id: whatsapps.id })
            .from(whatsapps)
            .where(and(eq(whatsapps.companyId, contactListItems.companyId), eq(whatsapps.isDefault, true), eq(whatsapps.status, "CONNECTED"))),
        ),
      ),
    )
    .limit(COMPANIES_PER_RUN);
  const budget = { chunks: maxChunks };
  let checked = 0;
  let more = false;
  for (const { companyId } of companies) {
    const check = await whatsappNumberChecker(ctx, companyId);
    if (!check) continue;
    const done = await checkCompany(ctx, companyId, check, budget);
    checked += done.checked;
    more ||= done.more;
    if (budget.chunks <= 0) return { checked, more: true };
  }
  return { checked, more };
}
