import type { TicketView } from "@balcao/common";
import type { Listener } from "../events/types";
import { findTicket, presentTicket } from "../modules/tickets/present";
import { emitTicketUpdate } from "../modules/tickets/realtime";
import { stampRunningCycle } from "../modules/sla/stamp";

/**
 * Stamps a ticket's running cycle with its SLA due instants when it starts or changes queue, and
 * sends the ticket again so lists show its time left. The minute sweep stamps what this missed.
 */
export const slaStamps: Listener = {
  name: "sla.stamps",
  accepts: (type) => type === "ticket.updated" || type === "message.created",
  async handle(ctx, event) {
    const ticketId = Number(event.data.ticketId);
    if (!event.companyId || !ticketId) return;
    // a message on a ticket already timed changes nothing (a queue change comes as ticket.updated)
    const given = event.transient?.ticket as TicketView | undefined;
    if (event.type === "message.created" && given?.sla) return;
    if (!(await stampRunningCycle(ctx.db, event.companyId, ticketId))) return;
    const row = await findTicket(ctx.db, event.companyId, ticketId);
    if (row) emitTicketUpdate(ctx.realtime, await presentTicket(ctx.db, row));
  },
};
