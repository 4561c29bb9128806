import { date, index, integer, numeric, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { companyColumn } from "./companies";
import { timestamps } from "./timestamps";

/**
 * What a company owes for one period of its plan: one invoice per company and due date, made by
 * the invoices job ahead of the due date, paid through a payment provider's Pix charge.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    companyId: companyColumn(),
    /** The plan's name when the invoice was made. */
    detail: text().notNull(),
    value: numeric({ precision: 12, scale: 2, mode: "number" }).notNull(),
    /** The company's due date this invoice renews (YYYY-MM-DD). */
    dueDate: date({ mode: "string" }).notNull(),
    /** "open" until a provider confirms its payment, then "paid". */
    status: text().notNull().default("open"),
    paidAt: timestamp({ withTimezone: true, mode: "date" }),
    /** The provider of the charge last made for it ("asaas", "efi") and that charge's id there. */
    provider: text(),
    chargeId: text(),
    /** The Pix copy-and-paste code of that charge, shown again while it is open. */
    pixCode: text(),
    ...timestamps,
  },
  (t) => [unique("invoices_company_due_date").on(t.companyId, t.dueDate), index("invoices_charge_idx").on(t.provider, t.chargeId)],
);
