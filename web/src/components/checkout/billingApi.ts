import type { CompanyBilling, Invoice, PixCharge, SubscriptionBody } from "@balcao/common";
import { INVOICES_PAGE_SIZE } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";

export const INVOICES_KEY = ["invoices", "page"] as const;

/** A page of the company's invoices: the server answers a plain list, a full page means there may be more. */
export async function fetchInvoicesPage(search: string, pageNumber: number): Promise<ListPage<Invoice>> {
  const { data } = await api.get<Invoice[]>("/invoices/all", { params: { searchParam: search, pageNumber } });
  return { items: data, count: data.length, hasMore: data.length === INVOICES_PAGE_SIZE };
}

/** The oldest invoice still open, the one "subscribe now" pays. */
export async function fetchOpenInvoice(): Promise<Invoice | null> {
  const { data } = await api.get<Invoice[]>("/invoices/all", { params: { pageNumber: 1 } });
  const open = data.filter((i) => i.status !== "paid").sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return open[0] ?? null;
}

export type CheckoutData = Pick<SubscriptionBody, "firstName" | "address2" | "city" | "zipcode" | "country"> & { lastName: string; complement: string; state: string; email: string; taxId: string };

export async function payInvoice(invoiceId: number, data: CheckoutData): Promise<PixCharge> {
  const { data: charge } = await api.post<PixCharge>("/subscription", {
    ...data,
    invoiceId,
    complement: data.complement || undefined,
    email: data.email || undefined,
    taxId: data.taxId || undefined,
  });
  return charge;
}

export const companyBillingKey = (companyId: number) => ["companies", companyId, "billing"] as const;

/** The company's stored billing name and address (GET /companies/:id, its admins'), where the checkout starts from. */
export async function fetchCompanyBilling(companyId: number): Promise<CompanyBilling> {
  const { data } = await api.get<CompanyBilling>(`/companies/${companyId}`);
  return data;
}

/** Step 1 filled from the company's billing fields; what the company has not stored yet comes from the user and the company. */
export function checkoutDataOf(billing: CompanyBilling | null, fallback: { name: string; email: string | null }): CheckoutData {
  return {
    firstName: billing?.billingName || fallback.name,
    lastName: "",
    address2: billing?.billingAddress ?? "",
    complement: billing?.billingAddress2 ?? "",
    city: billing?.billingCity ?? "",
    state: billing?.billingState ?? "",
    zipcode: billing?.billingZipcode ?? "",
    country: billing?.billingCountry || "Brasil",
    email: fallback.email ?? "",
    taxId: billing?.billingDocument ?? "",
  };
}

/** Today as YYYY-MM-DD in the browser's time zone. */
export function todayLocal(now = new Date()) {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** Pago, Vencido (due date passed, unpaid) or Em Aberto (administration §4). */
export function invoiceState(invoice: Pick<Invoice, "status" | "dueDate">, today = todayLocal()): "paid" | "overdue" | "open" {
  if (invoice.status === "paid") return "paid";
  return invoice.dueDate < today ? "overdue" : "open";
}
