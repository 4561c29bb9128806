import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { INVOICES_PAGE_SIZE, type ListQuery } from "@balcao/common";
import type { Caller } from "../../context";
import type { Db } from "../../db/client";
import { invoices } from "../../db/schema";
import { notFound } from "../../http/errors";
import { presentInvoice } from "./present";

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The caller's company's invoices, newest due date first, `INVOICES_PAGE_SIZE` a page; a search
 * matches the detail, the status or the due date. A plain list, as the spec's client reads it.
 */
export async function listInvoices(db: Db, caller: Caller, query: ListQuery) {
  const search = query.searchParam?.trim();
  const rows = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.companyId, caller.companyId), search ? or(ilike(invoices.detail, likeText(search)), ilike(invoices.status, likeText(search)), ilike(sql`${invoices.dueDate}::text`, likeText(search))) : undefined),
    )
    .orderBy(desc(invoices.dueDate), desc(invoices.id))
    .limit(INVOICES_PAGE_SIZE)
    .offset((query.pageNumber - 1) * INVOICES_PAGE_SIZE);
  return rows.map(presentInvoice);
}

/** One invoice of the caller's company (404 for another's). */
export async function findInvoice(db: Db, caller: Caller, id: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, caller.companyId), eq(invoices.id, id)));
  if (!row) throw notFound();
  return row;
}
