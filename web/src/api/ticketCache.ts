import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { queryKeys } from "./queryKeys";
import type { Ticket, TicketFilters, TicketsPage } from "./tickets";

export type TicketListData = InfiniteData<TicketsPage, unknown>;

/** Who is looking at the lists: the server's visibility rules depend on it. */
export interface TicketViewer {
  id: number;
  isAdmin: boolean;
  queueIds: number[];
}

/** in: belongs in the list; out: must leave it; unknown: cannot tell here (text search), keep it if present. */
export type Placement = "in" | "out" | "unknown";

/** Mirrors the server's list rules (GET /tickets) for one ticket, so socket events keep lists right. */
export function placeTicket(ticket: Ticket, filters: TicketFilters, viewer: TicketViewer): Placement {
  if (filters.status && ticket.status !== filters.status) return "out";
  if (filters.withUnreadMessages && !(ticket.unreadMessages > 0)) return "out";
  if (filters.tags?.length && !filters.tags.every((id) => ticket.tags.some((tag) => tag.id === id))) return "out";
  if (filters.users?.length && (ticket.userId === null || !filters.users.includes(ticket.userId))) return "out";
  const mine = ticket.userId === viewer.id;
  // Queues: admins see the chosen ones (all when none is chosen); others their own queues or a subset,
  // plus their own tickets. Tickets without a queue always pass.
  const chosen = filters.queueIds?.length ? filters.queueIds : null;
  if (viewer.isAdmin) {
    if (chosen && ticket.queueId !== null && !chosen.includes(ticket.queueId)) return "out";
  } else {
    const allowed = (chosen ?? viewer.queueIds).filter((id) => viewer.queueIds.includes(id));
    if (ticket.queueId !== null && !allowed.includes(ticket.queueId) && !mine) return "out";
  }
  // Without a text search and without show all (admins only): own, unassigned and pending tickets.
  const showAll = viewer.isAdmin && filters.showAll;
  if (!filters.searchParam && !showAll && ticket.userId !== null && !mine && ticket.status !== "pending") return "out";
  if (filters.searchParam) return "unknown";
  return "in";
}

const hasTicket = (data: TicketListData, id: number) => data.pages.some((page) => page.tickets.some((t) => t.id === id));

function withoutTicket(data: TicketListData, id: number): TicketListData {
  if (!hasTicket(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      tickets: page.tickets.filter((t) => t.id !== id),
      count: index === 0 ? Math.max(0, page.count - 1) : page.count,
    })),
  };
}

function withTicketOnTop(data: TicketListData, ticket: Ticket): TicketListData {
  const present = hasTicket(data, ticket.id);
  const pages = data.pages.map((page) => ({ ...page, tickets: page.tickets.filter((t) => t.id !== ticket.id) }));
  if (pages.length === 0) return data;
  pages[0] = { ...pages[0], tickets: [ticket, ...pages[0].tickets], count: present ? pages[0].count : pages[0].count + 1 };
  return { ...data, pages };
}

function replaced(data: TicketListData, ticket: Ticket): TicketListData {
  return { ...data, pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map((t) => (t.id === ticket.id ? ticket : t)) })) };
}

/** A changed ticket: replaced where it stays, added on top where it now belongs, removed elsewhere. */
export function applyTicketUpdate(data: TicketListData, ticket: Ticket, placement: Placement): TicketListData {
  if (placement === "out") return withoutTicket(data, ticket.id);
  if (hasTicket(data, ticket.id)) return replaced(data, ticket);
  return placement === "in" ? withTicketOnTop(data, ticket) : data;
}

/** A new message: its ticket goes to the top of every list it belongs to. */
export function applyNewMessage(data: TicketListData, ticket: Ticket, placement: Placement): TicketListData {
  if (placement === "out") return withoutTicket(data, ticket.id);
  if (placement === "unknown" && !hasTicket(data, ticket.id)) return data;
  return withTicketOnTop(data, ticket);
}

export const applyTicketDelete = (data: TicketListData, ticketId: number) => withoutTicket(data, ticketId);

export function applyUnreadReset(data: TicketListData, ticketId: number, filters: TicketFilters): TicketListData {
  if (!hasTicket(data, ticketId)) return data;
  if (filters.withUnreadMessages) return withoutTicket(data, ticketId);
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, tickets: page.tickets.map((t) => (t.id === ticketId ? { ...t, unreadMessages: 0 } : t)) })),
  };
}

/** The tickets of every loaded page, once each (a ticket added on top can show up again in a later page). */
export function flattenTickets(data: TicketListData | undefined): Ticket[] {
  if (!data) return [];
  const seen = new Set<number>();
  const out: Ticket[] = [];
  for (const page of data.pages) {
    for (const ticket of page.tickets) {
      if (seen.has(ticket.id)) continue;
      seen.add(ticket.id);
      out.push(ticket);
    }
  }
  return out;
}

/** Runs `change` on every cached ticket list, with that list's filters. */
export function updateTicketLists(client: QueryClient, change: (data: TicketListData, filters: TicketFilters) => TicketListData) {
  for (const [key, data] of client.getQueriesData<TicketListData>({ queryKey: queryKeys.ticketLists })) {
    if (!data?.pages) continue;
    const filters = (key[2] ?? {}) as TicketFilters;
    const next = change(data, filters);
    if (next === data) continue;
    client.setQueryData<TicketListData>(key, next);
    // a fetch on its way (after a reconnection) may answer from before this change and overwrite it: fetch again
    if (client.isFetching({ queryKey: key, exact: true })) void client.invalidateQueries({ queryKey: key, exact: true });
  }
}

/** Puts a ticket the user just changed (accept, close, transfer…) into the lists right away. */
export function storeTicket(client: QueryClient, ticket: Ticket, viewer: TicketViewer) {
  updateTicketLists(client, (data, filters) => applyTicketUpdate(data, ticket, placeTicket(ticket, filters, viewer)));
}

/** The id of a ticket known by its uuid, from any cached list or ticket record. */
export function findCachedTicketId(client: QueryClient, uuid: string): number | null {
  for (const query of client.getQueryCache().getAll()) {
    const data = query.state.data as unknown;
    if (!data || typeof data !== "object") continue;
    const record = data as { uuid?: unknown; id?: unknown; ticket?: { uuid?: unknown; id?: unknown }; pages?: unknown };
    if (record.uuid === uuid && typeof record.id === "number") return record.id;
    if (record.ticket?.uuid === uuid && typeof record.ticket.id === "number") return record.ticket.id;
    if (Array.isArray(record.pages)) {
      for (const page of record.pages as Partial<TicketsPage>[]) {
        const found = page?.tickets?.find((t) => t.uuid === uuid);
        if (found) return found.id;
      }
    }
  }
  return null;
}
