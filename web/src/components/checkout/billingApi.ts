import type { PixCharge, SubscriptionBody } from "@balcao/common";
import { INVOICES_PAGE_SIZE } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";

/** An invoice as GET /invoices/all answers it. */
export interface Invoice {
  id: number;
  companyId: number;
  detail: string;
  value: number;
  dueDate: string;
  status: string;
  paidAt: string | null;
}

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

export type CheckoutData = Pick<SubscriptionBody, "firstName" | "address2" | "city" | "zipcode" | "country"> & { lastName: string; state: string; email: string; taxId: string };

export async function payInvoice(invoiceId: number, data: CheckoutData): Promise<PixCharge> {
  const { data: charge } = await api.post<PixCharge>("/subscription", { ...data, invoiceId, email: data.email || undefined, taxId: data.taxId || undefined });
  return charge;
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
