import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import { companies, invoices } from "../../db/schema";
import { command } from "../../events/command";
import { advanceDueDate } from "@balcao/common";
import { providerNamed } from "./providers/configured";

export type ConfirmOutcome = "paid" | "already paid" | "unknown charge" | "not paid" | "provider not configured";

/**
 * A provider said charge `chargeId` changed (a webhook). The provider is asked whether it was
 * paid; when it was, the invoice is marked paid and its company's due date moves on by one
 * period of its recurrence, from the later of the invoice's and the company's due date. Once:
 * the same news again, or twice at once, changes nothing more.
 */
export async function confirmCharge(ctx: AppContext, providerName: string, chargeId: string): Promise<ConfirmOutcome> {
  const [invoice] = await ctx.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.provider, providerName), eq(invoices.chargeId, chargeId)));
  if (!invoice) return "unknown charge";
  if (invoice.status === "paid") return "already paid";
  const provider = await providerNamed(ctx, providerName);
  if (!provider) return "provider not configured";
  if ((await provider.stateOf(chargeId)) !== "paid") return "not paid";
  return command(ctx, async (tx, events) => {
    const [paid] = await tx
      .update(invoices)
      .set({ status: "paid", paidAt: new Date() })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "open")))
      .returning();
    if (!paid) return "already paid";
    const [company] = await tx.select().from(companies).where(eq(companies.id, paid.companyId)).for("update");
    const from = company.dueDate && company.dueDate > paid.dueDate ? company.dueDate : paid.dueDate;
    const dueDate = advanceDueDate(from, company.recurrence);
    await tx.update(companies).set({ dueDate }).where(eq(companies.id, company.id));
    events.add({ type: "invoice.paid", companyId: company.id, stream: `company:${company.id}`, data: { invoiceId: paid.id, provider: providerName, value: paid.value, dueDate } });
    return "paid";
  });
}
