import { rooms } from "@balcao/common";
import type { Realtime } from "../../realtime/realtime";
import type { TicketView } from "./present";

interface Placement {
  status: string;
  queueId: number | null;
  userId: number | null;
}

/**
 * Rooms that must hear about a ticket: its status room (admins), its queue's status room
 * (attendants), the notification rooms, the assigned user's room and the ticket's own room.
 * A ticket that moved is also announced where it was, so lists there can drop it.
 */
export function ticketRooms(companyId: number, ticketId: number, now: Placement, before?: Placement) {
  const list = new Set<string>([rooms.ticket(companyId, ticketId), rooms.notification(companyId)]);
  for (const p of before ? [now, before] : [now]) {
    list.add(rooms.ticketStatus(companyId, p.status));
    list.add(rooms.queue(companyId, p.queueId, p.status));
    list.add(rooms.queue(companyId, p.queueId, "notification"));
    if (p.userId) list.add(rooms.user(companyId, p.userId));
  }
  return [...list];
}

export function emitTicketUpdate(realtime: Realtime, ticket: TicketView, before?: Placement) {
  realtime.toRooms(ticket.companyId, ticketRooms(ticket.companyId, ticket.id, ticket, before), "ticket", { action: "update", ticket });
}

export function emitTicketDelete(realtime: Realtime, companyId: number, ticketId: number, placement: Placement) {
  realtime.toRooms(companyId, ticketRooms(companyId, ticketId, placement), "ticket", { action: "delete", ticketId });
}

export function emitUnreadReset(realtime: Realtime, ticket: TicketView) {
  realtime.toRooms(ticket.companyId, ticketRooms(ticket.companyId, ticket.id, ticket), "ticket", { action: "updateUnread", ticketId: ticket.id });
}

/** A new or changed message, with its ticket and contact, as the spec's client expects. */
export function emitAppMessage(realtime: Realtime, ticket: TicketView, action: "create" | "update", message: unknown) {
  realtime.toRooms(ticket.companyId, ticketRooms(ticket.companyId, ticket.id, ticket), "appMessage", { action, message, ticket, contact: ticket.contact });
}
