import { getTableColumns, sql } from "drizzle-orm";
import { contactListItemFormSchema, type ContactListImportProgress, type ContactListImportResult, type ContactListItemRecord } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Tx } from "../../db/client";
import { contactListItems } from "../../db/schema";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { wakeContactListCheck } from "../../jobs/contactListCheckWakeups";
import { checkSheetRow, readContactRows, type SheetContact, type UploadedFile } from "../contacts/spreadsheet";
import { presentContactListItem } from "./present";
import { contactListItemsChanged } from "./events";
import { asCallerErrors } from "./refusals";

/** Rows written per statement (and per transaction); the uploader hears the progress after each. */
const BATCH_SIZE = 500;

type ImportError = ContactListImportResult["errors"][number];

interface ImportRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

/** The contact dialog's rules (§5) on each row: one error per refused field, the row left out. */
function validateRows(rows: SheetContact[], errors: ImportError[]): ImportRow[] {
  const valid: ImportRow[] = [];
  for (const sheetRow of rows) {
    const parsed = checkSheetRow(sheetRow, contactListItemFormSchema, errors);
    if (!parsed) continue;
    valid.push({ row: sheetRow.row, ...parsed });
  }
  return valid;
}

/**
 * Rows of the file with a number an earlier row already had become one item: the later row's
 * name, and its email when it has one. Answers the merged rows and how many were folded in.
 */
function mergeRepeated(rows: ImportRow[]): { rows: ImportRow[]; merged: number } {
  const byNumber = new Map<string, ImportRow>();
  let merged = 0;
  for (const row of rows) {
    const earlier = byNumber.get(row.number);
    if (!earlier) {
      byNumber.set(row.number, { ...row });
      continue;
    }
    merged++;
    earlier.name = row.name;
    if (row.email) earlier.email = row.email;
  }
  return { rows: [...byNumber.values()], merged };
}

type ItemRow = typeof contactListItems.$inferSelect;

/**
 * One statement per batch: new numbers become items (to be checked on WhatsApp), numbers the list
 * has get the file's name (and email, when the file has one); an item that changes is not written.
 */
async function storeBatch(tx: Tx, companyId: number, contactListId: number, batch: ImportRow[]) {
  const rows = await tx
    .insert(contactListItems)
    .values(batch.map(({ name, number, email }) => ({ companyId, contactListId, name, number, email })))
    .onConflictDoUpdate({
      target: [contactListItems.contactListId, contactListItems.number],
      set: {
        name: sql`excluded.name`,
        email: sql`case when excluded.email <> '' then excluded.email else ${contactListItems.email} end`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${contactListItems.name} <> excluded.name or (excluded.email <> '' and ${contactListItems.email} <> excluded.email)`,
    })
    .returning({ ...getTableColumns(contactListItems), inserted: sql<boolean>`(xmax = 0)` });
  const created: ItemRow[] = rows.filter((r) => r.inserted);
  const updated: ItemRow[] = rows.filter((r) => !r.inserted);
  return { created, updated };
}

/**
 * POST /contact-lists/:id/upload: reads the spreadsheet's first sheet (name, number, email),
 * validates each row as the contact dialog does, merges repeated numbers, writes the items in
 * batches (telling the uploader how far it got) and reports per row. The numbers are checked on
 * WhatsApp afterwards, in the background.
 */
export async function importContactListItems(ctx: AppContext, caller: Caller, contactListId: number, file: UploadedFile, importId: string | null) {
  const sheet = await readContactRows(file);
  const errors: ImportError[] = [];
  const { rows, merged } = mergeRepeated(validateRows(sheet, errors));
  const progress = (processed: number) => {
    const payload: ContactListImportProgress = { contactListId, importId, processed, total: rows.length };
    ctx.realtime.toUser(caller.companyId, caller.id, "ContactListImport", payload);
  };
  progress(0);

  let created = 0;
  let updated = 0;
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    await asCallerErrors(() =>
      command(ctx, async (tx, events) => {
        const stored = await storeBatch(tx, caller.companyId, contactListId, batch);
        created += stored.created.length;
        updated += stored.updated.length;
        const records: ContactListItemRecord[] = [...stored.created, ...stored.updated].map(presentContactListItem);
        if (records.length) {
          events.add(
            contactListItemsChanged("contactListItems.imported", caller.companyId, contactListId, records, actorOf(caller), {
              created: stored.created.length,
              updated: stored.updated.length,
            }),
          );
        }
      }),
    );
    progress(Math.min(rows.length, start + batch.length));
  }
  if (created > 0) await wakeContactListCheck(ctx);

  errors.sort((a, b) => a.row - b.row);
  return { total: sheet.length, created, updated, unchanged: rows.length - created - updated, merged, errors } satisfies ContactListImportResult;
}
