import { and, eq } from "drizzle-orm";
import type { MessageView } from "@balcao/common";
import type { AppContext } from "../../context";
import type { DomainEvent, Listener } from "../../events/types";
import { messages, tickets } from "../../db/schema";
import { presentTicket, type TicketView } from "../../modules/tickets/present";
import { presentMessages } from "../../modules/messages/present";
import type { Placement } from "../../modules/tickets/events";
import { emitAppMessage, emitTicketDelete, emitTicketUpdate, emitUnreadReset } from "../../modules/tickets/realtime";

const TYPES = new Set(["ticket.updated", "ticket.read", "ticket.deleted", "message.created", "message.updated"]);

/** The ticket as the command left it, or as it is now when the event comes again after a stop. */
async function ticketOf(ctx: AppContext, event: DomainEvent): Promise<TicketView | null> {
  const given = event.transient?.ticket as TicketView | undefined;
  if (given) return given;
  const [row] = await ctx.db
    .select()
    .from(tickets)
    .where(and(eq(tickets.companyId, event.companyId!), eq(tickets.id, Number(event.data.ticketId))));
  return row ? presentTicket(ctx.db, row) : null;
}

async function messageOf(ctx: AppContext, event: DomainEvent): Promise<MessageView | null> {
  const given = event.transient?.message as MessageView | undefined;
  if (given) return given;
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.companyId, event.companyId!), eq(messages.id, Number(event.data.messageId))));
  return row ? ((await presentMessages(ctx.db, row.companyId, [row]))[0] ?? null) : null;
}

/** Tickets and their messages to the company's sockets, in the rooms and shapes the spec's client expects. */
export const ticketsRealtime: Listener = {
  name: "realtime.tickets",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const data = event.data as unknown as { ticketId: number; before?: Placement } & Placement;
    if (event.type === "ticket.deleted") return emitTicketDelete(ctx.realtime, event.companyId!, data.ticketId, data);
    const ticket = await ticketOf(ctx, event);
    if (!ticket) return; // gone since: its deletion has its own event
    if (event.type === "ticket.updated") return emitTicketUpdate(ctx.realtime, ticket, data.before);
    if (event.type === "ticket.read") {
      emitUnreadReset(ctx.realtime, ticket);
      return emitTicketUpdate(ctx.realtime, ticket);
    }
    const message = await messageOf(ctx, event);
    if (message) emitAppMessage(ctx.realtime, ticket, event.type === "message.created" ? "create" : "update", message);
  },
};
