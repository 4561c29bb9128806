import { getTableColumns, sql } from "drizzle-orm";
import { CONTACT_IMPORT_REPEATED_NUMBER, contactFormSchema, type ContactImportResult, type ContactImportRowError } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db } from "../../db/client";
import { contacts } from "../../db/schema";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { contactsImported } from "./events";
import { checkSheetRow, readContactRows, type SheetContact, type UploadedFile } from "./spreadsheet";
import { whatsappNumberChecker, type NumberChecker } from "./whatsappCheck";

/** Rows written per statement (and per transaction). */
const BATCH_SIZE = 500;
const CHECKS_AT_ONCE = 4;

interface ImportRow {
  row: number;
  name: string;
  number: string;
  email: string;
}

/** The contact form's rules (spec §5) on each row; one error per refused field, numbers repeated in the file refused. */
function validateRows(rows: SheetContact[], errors: ContactImportRowError[]): ImportRow[] {
  const valid: ImportRow[] = [];
  const seen = new Set<string>();
  for (const sheetRow of rows) {
    const parsed = checkSheetRow(sheetRow, contactFormSchema, errors);
    if (!parsed) continue;
    const { name, number, email } = parsed;
    if (number && seen.has(number)) {
      errors.push({ row: sheetRow.row, field: "number", message: CONTACT_IMPORT_REPEATED_NUMBER });
      continue;
    }
    if (number) seen.add(number);
    valid.push({ row: sheetRow.row, name, number, email });
  }
  return valid;
}

/**
 * Numbers the company's connection says are not on WhatsApp are refused. When the connection
 * fails to answer, the rest of the file is imported unchecked rather than refused.
 */
async function dropNonWhatsapp(ctx: AppContext, check: NumberChecker | null, rows: ImportRow[], errors: ContactImportRowError[]) {
  if (!check) return rows;
  const refused = new Set<number>();
  let next = 0;
  let failing = false;
  const worker = async () => {
    while (!failing && next < rows.length) {
      const row = rows[next++];
      if (!row.number) continue;
      try {
        if (!(await check(row.number))) refused.add(row.row);
      } catch (err) {
        failing = true;
        ctx.log?.warn({ err }, "WhatsApp number check failed; importing the rest unchecked");
      }
    }
  };
  await Promise.all(Array.from({ length: CHECKS_AT_ONCE }, worker));
  for (const row of rows) if (refused.has(row.row)) errors.push({ row: row.row, field: "number", message: "ERR_WAPP_INVALID_CONTACT" });
  return rows.filter((row) => !refused.has(row.row));
}

type ContactRow = typeof contacts.$inferSelect;

/**
 * One statement for the numbered rows: new numbers are inserted, known ones get the file's name
 * (and email, when the file has one); a row that changes nothing is not written at all.
 */
async function storeBatch(tx: Db, companyId: number, batch: ImportRow[]) {
  const numbered = batch.filter((r) => r.number);
  const unnumbered = batch.filter((r) => !r.number);
  const values = (rows: ImportRow[]) => rows.map(({ name, number, email }) => ({ companyId, name, number, email }));
  const upserted = numbered.length
    ? await tx
        .insert(contacts)
        .values(values(numbered))
        .onConflictDoUpdate({
          target: [contacts.companyId, contacts.number],
          targetWhere: sql`${contacts.number} <> ''`,
          set: {
            name: sql`excluded.name`,
            email: sql`case when excluded.email <> '' then excluded.email else ${contacts.email} end`,
            updatedAt: sql`now()`,
          },
          setWhere: sql`${contacts.name} <> excluded.name or (excluded.email <> '' and ${contacts.email} <> excluded.email)`,
        })
        .returning({ ...getTableColumns(contacts), inserted: sql<boolean>`(xmax = 0)` })
    : [];
  const inserted = unnumbered.length ? await tx.insert(contacts).values(values(unnumbered)).returning() : [];
  const created: ContactRow[] = [...upserted.filter((r) => r.inserted), ...inserted];
  const updated: ContactRow[] = upserted.filter((r) => !r.inserted);
  return { created, updated };
}

/**
 * POST /contacts/import: reads the spreadsheet, validates every row as the contact form does,
 * creates the new contacts and updates the known ones (same number), and reports per row.
 */
export async function importContacts(ctx: AppContext, caller: Caller, file: UploadedFile): Promise<ContactImportResult> {
  const rows = await readContactRows(file);
  const errors: ContactImportRowError[] = [];
  const valid = validateRows(rows, errors);
  const accepted = await dropNonWhatsapp(ctx, await whatsappNumberChecker(ctx, caller.companyId), valid, errors);

  const created: ContactRow[] = [];
  const updated: ContactRow[] = [];
  const batches = Array.from({ length: Math.max(1, Math.ceil(accepted.length / BATCH_SIZE)) }, (_, i) => accepted.slice(i * BATCH_SIZE, (i + 1) * BATCH_SIZE));
  for (const [i, batch] of batches.entries()) {
    await command(ctx, async (tx, events) => {
      const stored = batch.length ? await storeBatch(tx, caller.companyId, batch) : { created: [], updated: [] };
      created.push(...stored.created);
      updated.push(...stored.updated);
      // the whole file's outcome is recorded with its last batch
      if (i === batches.length - 1) {
        events.add(contactsImported(caller.companyId, { created, updated, rows: rows.length }, actorOf(caller)));
      }
    });
  }

  const changes = created.length + updated.length;
  errors.sort((a, b) => a.row - b.row);
  return { total: rows.length, created: created.length, updated: updated.length, unchanged: accepted.length - changes, errors };
}
