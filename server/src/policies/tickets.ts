import type { Caller } from "../context";
import { seesEveryQueue } from "./index";

/**
 * Spec section 6: admins (and supervisors, tickets-manager:showall) reach every ticket; others reach tickets of their own queues,
 * tickets without a queue, and tickets assigned to them.
 */
export function canAccessTicket(caller: Caller, queueIds: number[], ticket: { queueId: number | null; userId: number | null }) {
  if (seesEveryQueue(caller)) return true;
  if (ticket.userId === caller.id) return true;
  return ticket.queueId === null || queueIds.includes(ticket.queueId);
}
