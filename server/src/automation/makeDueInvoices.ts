import { sql } from "drizzle-orm";
import { rowsOf } from "../channels/sqlRows";
import type { AppContext } from "../context";
import { companies, invoices, plans, users } from "../db/schema";
import { command } from "../events/command";
import { addDays, today } from "../modules/companies/dueDate";

/** An invoice is made this many days before the due date it renews (a 3-day trial gets one at once). */
export const INVOICE_DAYS_AHEAD = 10;

/**
 * Makes the invoice of every active company whose due date is at most `INVOICE_DAYS_AHEAD` days
 * away (or past) and has none yet: one per company and due date, whatever how often or how late
 * this runs (the unique pair decides). The platform's own company and free plans owe nothing.
 * `companyId`: that company's only. Answers how many it made.
 */
export async function makeDueInvoices(ctx: AppContext, now = new Date(), companyId?: number): Promise<number> {
  return command(ctx, async (tx, events) => {
    const made = (
      await rowsOf<{ id: number; company_id: number; due_date: string; value: string }>(
        tx,
        sql`
        insert into ${invoices} (company_id, detail, value, due_date)
        select c.id, p.name, p.value, c.due_date from ${companies} c join ${plans} p on p.id = c.plan_id
        where c.status and c.due_date is not null and c.due_date <= ${addDays(today(now), INVOICE_DAYS_AHEAD)}::date and p.value > 0
          and (${companyId ?? null}::int is null or c.id = ${companyId ?? null}::int)
          and not exists (select 1 from ${users} u where u.company_id = c.id and u.super)
        on conflict (company_id, due_date) do nothing
        returning id, company_id, due_date::text, value`,
      )
    ).map((r) => ({ id: Number(r.id), companyId: Number(r.company_id), dueDate: r.due_date, value: Number(r.value) }));
    for (const invoice of made) {
      events.add({ type: "invoice.created", companyId: invoice.companyId, stream: `invoice:${invoice.id}`, data: { invoiceId: invoice.id, dueDate: invoice.dueDate, value: invoice.value } });
    }
    return made.length;
  });
}
