import { and, asc, eq } from "drizzle-orm";
import type { ContactExportFormat } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { contacts } from "../../db/schema";
import { publish } from "../../events/command";
import { actorOf } from "../../events/actor";
import { writeSpreadsheet } from "./spreadsheet";
import { contactsExported } from "./events";

/** Column names the import reads back. */
const BASE_HEADER = ["name", "number", "email"];

export const EXPORT_CONTENT_TYPES: Record<ContactExportFormat, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
};

/**
 * GET /contacts/export: every contact of the caller's company (groups left out), by name:
 * name, number, email, then one column per extra-info field name, in order of first use.
 */
export async function exportContacts(ctx: AppContext, caller: Caller, format: ContactExportFormat) {
  const rows = await ctx.db
    .select({ name: contacts.name, number: contacts.number, email: contacts.email, extraInfo: contacts.extraInfo })
    .from(contacts)
    .where(and(eq(contacts.companyId, caller.companyId), eq(contacts.isGroup, false)))
    .orderBy(asc(contacts.name), asc(contacts.id));

  const extraColumns: string[] = [];
  for (const row of rows) for (const info of row.extraInfo ?? []) if (info.name && !extraColumns.includes(info.name)) extraColumns.push(info.name);

  const lines = rows.map((row) => {
    const extras = extraColumns.map((column) =>
      (row.extraInfo ?? [])
        .filter((info) => info.name === column)
        .map((info) => info.value)
        .join("; "),
    );
    return [row.name, row.number, row.email, ...extras];
  });
  const day = new Date().toISOString().slice(0, 10);
  const data = await writeSpreadsheet([...BASE_HEADER, ...extraColumns], lines, format);
  await publish(ctx, contactsExported(caller.companyId, format, rows.length, actorOf(caller)));
  return { filename: `contacts-${day}.${format}`, contentType: EXPORT_CONTENT_TYPES[format], data };
}
