import { and, eq } from "drizzle-orm";
import type { Listener } from "../../events/types";
import { tickets } from "../../db/schema";
import { presentTicket, type TicketView } from "../../modules/tickets/present";

/**
 * Tells the attendant, on their own sockets (`company-{id}-assignment`), that automatic assignment
 * gave them a ticket, so the web app can alert them; the ticket's lists move with its `ticket` event.
 */
export const assignmentsRealtime: Listener = {
  name: "realtime.assignments",
  accepts: (type) => type === "ticket.assigned",
  async handle(ctx, event) {
    const { ticketId, userId } = event.data as { ticketId: number; userId: number };
    const companyId = event.companyId!;
    let ticket = (event.transient as { ticket?: TicketView } | undefined)?.ticket;
    if (!ticket) {
      const [row] = await ctx.db
        .select()
        .from(tickets)
        .where(and(eq(tickets.companyId, companyId), eq(tickets.id, ticketId)));
      // after a stop: tell only of a ticket still theirs
      if (!row || row.userId !== userId || row.status !== "open") return;
      ticket = await presentTicket(ctx.db, row);
    }
    ctx.realtime.toUser(companyId, userId, "assignment", { action: "assigned", ticket });
  },
};
