import type { Invoice } from "@balcao/common";
import type { invoices } from "../../db/schema";

type InvoiceRow = typeof invoices.$inferSelect;

/** An invoice as the Faturas page reads it (administration §3): never the provider's ids. */
export function presentInvoice(row: InvoiceRow) {
  return {
    id: row.id,
    companyId: row.companyId,
    detail: row.detail,
    value: row.value,
    dueDate: row.dueDate,
    status: row.status,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies Invoice;
}
