import { can } from "@balcao/common";
import type { Ticket } from "../../../api/tickets";

/** The list the bell reads: tickets with unread messages (own, unassigned and pending, as the server filters). */
export const NOTIFICATION_FILTERS = { withUnreadMessages: true, showAll: false } as const;

/**
 * A ticket the bell counts: unread messages in a conversation that is the user's or nobody's.
 * Pending tickets only for users with allTicket 'enabled' (spec §2 Top bar, §6).
 */
export function isNotification(ticket: Ticket, userId: number, seesPending: boolean): boolean {
  if (ticket.status === "closed" || !(ticket.unreadMessages > 0)) return false;
  if (ticket.status === "pending") return seesPending;
  return ticket.userId === null || ticket.userId === userId;
}

/**
 * Whether pending tickets count for this user: allTicket 'enabled' (spec §2 Top bar, §6), or an
 * admin, who sees every ticket: a customer waiting is exactly what the bell is for.
 */
export function seesPendingTickets(user: { allTicket?: string | null; profile?: string | null }): boolean {
  return user.allTicket === "enabled" || can(user.profile, "tickets-manager:showall");
}

/** The favicon shows the count up to 99; nothing when there is none. */
export const faviconBadgeText = (count: number) => (count > 0 ? String(Math.min(count, 99)) : "");

/** The stored notification volume (`volume`, 0 to 1, default 1). */
export function storedVolume(raw: string | null): number {
  const value = raw === null ? 1 : Number(raw);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

/** The browser tab's title with the count in front, "(2) Balcão"; the plain title when there is none. */
export function titleWithCount(baseTitle: string, count: number): string {
  const text = faviconBadgeText(count);
  return text ? `(${text}) ${baseTitle}` : baseTitle;
}
