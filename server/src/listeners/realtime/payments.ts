import type { Listener } from "../../events/types";

/**
 * A paid invoice to the company's sockets (`company-{id}-payment`, action CONCLUIDA, as the
 * spec's checkout waits for): the open checkout says the licence was renewed until the new date.
 */
export const paymentsRealtime: Listener = {
  name: "realtime.payments",
  accepts: (type) => type === "invoice.paid",
  async handle(ctx, event) {
    const { invoiceId, dueDate } = event.data as { invoiceId: number; dueDate: string };
    ctx.realtime.toCompany(event.companyId!, "payment", { action: "CONCLUIDA", invoiceId, company: { id: event.companyId, dueDate } });
  },
};
