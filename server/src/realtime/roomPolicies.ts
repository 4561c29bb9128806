import type { Caller } from "../context";

/**
 * Checks for rooms whose records belong to later modules (a ticket's chat box).
 * A module registers its check; a room without one is refused (deny by default).
 */
export type TicketRoomCheck = (caller: Caller, ticketId: number) => Promise<boolean>;

export class RoomPolicies {
  ticket: TicketRoomCheck = async () => false;
}
