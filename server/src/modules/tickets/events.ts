import type { MessageView } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";
import type { TicketView } from "./present";

/** Where a ticket was: the lists it left must hear it moved. */
export interface Placement {
  status: string;
  queueId: number | null;
  userId: number | null;
}

export const ticketStream = (ticketId: number) => `ticket:${ticketId}`;
const placementOf = (p: Placement): Placement => ({ status: p.status, queueId: p.queueId, userId: p.userId });

/** A ticket changed (status, queue, user, tags, unread count, last message…). */
export function ticketUpdated(ticket: TicketView, opts: { before?: Placement; actor?: Actor } = {}): NewEvent {
  return {
    type: "ticket.updated",
    companyId: ticket.companyId,
    stream: ticketStream(ticket.id),
    actor: opts.actor,
    data: { ticketId: ticket.id, ...(opts.before ? { before: placementOf(opts.before) } : {}) },
    transient: { ticket },
  };
}

/** Automatic assignment gave the ticket to `userId` (the attendant is told beside the ticket's own update). */
export function ticketAssigned(ticket: TicketView, userId: number): NewEvent {
  return { type: "ticket.assigned", companyId: ticket.companyId, stream: ticketStream(ticket.id), data: { ticketId: ticket.id, userId }, transient: { ticket } };
}

/** An attendant read the ticket: its unread count went back to zero. */
export function ticketRead(ticket: TicketView, actor?: Actor): NewEvent {
  return { type: "ticket.read", companyId: ticket.companyId, stream: ticketStream(ticket.id), actor, data: { ticketId: ticket.id }, transient: { ticket } };
}

export function ticketDeleted(companyId: number, ticketId: number, placement: Placement, actor?: Actor): NewEvent {
  return { type: "ticket.deleted", companyId, stream: ticketStream(ticketId), actor, data: { ticketId, ...placementOf(placement) } };
}

/** A message stored in a ticket: a customer's, an attendant's, the bot's or the API's. */
export function messageCreated(ticket: TicketView, message: MessageView, actor?: Actor): NewEvent {
  return {
    type: "message.created",
    companyId: ticket.companyId,
    stream: ticketStream(ticket.id),
    actor,
    data: { messageId: message.id, ticketId: ticket.id, fromMe: message.fromMe },
    transient: { ticket, message },
  };
}

/** A message changed: its ack, its text (edited), deleted. */
export function messageUpdated(ticket: TicketView, message: MessageView, actor?: Actor): NewEvent {
  return {
    type: "message.updated",
    companyId: ticket.companyId,
    stream: ticketStream(ticket.id),
    actor,
    data: { messageId: message.id, ticketId: ticket.id },
    transient: { ticket, message },
  };
}
