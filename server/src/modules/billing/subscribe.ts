import { and, eq } from "drizzle-orm";
import { billingNameOf, type CompanyBilling, type PixCharge, type SubscriptionBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import type { Db, Tx } from "../../db/client";
import { companies, invoices } from "../../db/schema";
import { command } from "../../events/command";
import { AppError } from "../../http/errors";
import { actorOf } from "../../events/actor";
import { findInvoice } from "../invoices/list";
import { configuredProvider } from "./providers/configured";
import { ProviderError, type Payer } from "./providers/provider";

type InvoiceRow = typeof invoices.$inferSelect;

const pixChargeOf = (invoice: InvoiceRow, pixCode: string, qrImage: string | null) =>
  ({
    invoiceId: invoice.id,
    qrcode: { qrcode: pixCode, ...(qrImage ? { imagemQrcode: `data:image/png;base64,${qrImage}` } : {}) },
    valor: { original: invoice.value.toFixed(2) },
  }) satisfies PixCharge;

/** The billing name and address the checkout was paid with, as the company's billing fields. */
const billingOfCheckout = (body: SubscriptionBody): CompanyBilling => ({
  billingName: billingNameOf(body),
  billingDocument: body.taxId || null,
  billingAddress: body.address2,
  billingAddress2: body.complement || null,
  billingCity: body.city,
  billingState: body.state || null,
  billingZipcode: body.zipcode,
  billingCountry: body.country,
});

/** The company keeps what it paid with, so the next checkout starts from it. */
async function keepBilling(db: Db | Tx, companyId: number, body: SubscriptionBody) {
  await db.update(companies).set(billingOfCheckout(body)).where(eq(companies.id, companyId));
}

/**
 * POST /subscription: a Pix charge of one open invoice of the caller's company, always of the
 * invoice's own value, made at the configured provider. An invoice keeps its charge: asking
 * again answers the same code, unless the provider has cancelled it. Once the charge is there, the
 * billing name and address it was asked with become the caller's company's billing fields.
 */
export async function subscribe(ctx: AppContext, caller: Caller, body: SubscriptionBody) {
  const invoice = await findInvoice(ctx.db, caller, body.invoiceId);
  if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);
  const provider = await configuredProvider(ctx);
  if (!provider) throw new AppError("ERR_PAYMENTS_NOT_CONFIGURED", 503);
  try {
    if (invoice.provider === provider.name && invoice.chargeId && invoice.pixCode && (await provider.stateOf(invoice.chargeId)) === "open") {
      await keepBilling(ctx.db, caller.companyId, body);
      return pixChargeOf(invoice, invoice.pixCode, null);
    }
    const [company] = await ctx.db.select({ name: companies.name, email: companies.email }).from(companies).where(eq(companies.id, caller.companyId));
    const payer: Payer = {
      name: billingNameOf(body) || company.name,
      email: body.email ?? company.email,
      taxId: body.taxId || null,
      address: body.address2,
      complement: body.complement || null,
      city: body.city,
      state: body.state ?? null,
      zipcode: body.zipcode,
      country: body.country,
    };
    const made = await provider.charge({ invoiceId: invoice.id, companyId: invoice.companyId, value: invoice.value, dueDate: invoice.dueDate, description: `${invoice.detail} (${invoice.dueDate})`, payer });
    await command(ctx, async (tx, events) => {
      await tx
        .update(invoices)
        .set({ provider: provider.name, chargeId: made.chargeId, pixCode: made.pixCode })
        .where(and(eq(invoices.id, invoice.id), eq(invoices.status, "open")));
      await keepBilling(tx, caller.companyId, body);
      events.add({ type: "invoice.charged", companyId: invoice.companyId, stream: `invoice:${invoice.id}`, actor: actorOf(caller), data: { invoiceId: invoice.id, provider: provider.name } });
    });
    return pixChargeOf(invoice, made.pixCode, made.qrImage);
  } catch (err) {
    if (err instanceof ProviderError) throw new AppError("ERR_PAYMENT_PROVIDER", 502, { provider: err.provider });
    throw err;
  }
}
