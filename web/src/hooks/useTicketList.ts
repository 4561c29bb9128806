import { useMemo } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { queryKeys } from "../api/queryKeys";
import { flattenTickets } from "../api/ticketCache";
import { fetchTickets, type TicketFilters } from "../api/tickets";

/** One ticket list, 40 per page (the server's size), next page on demand. */
export function useTicketList(filters: TicketFilters, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.ticketList(filters),
    queryFn: ({ pageParam }) => fetchTickets(filters, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
  const tickets = useMemo(() => flattenTickets(query.data), [query.data]);
  const first = query.data?.pages[0];
  // The server's total; a list fully loaded counts what it holds.
  const count = first ? (query.hasNextPage ? Math.max(first.count ?? 0, tickets.length) : tickets.length) : undefined;
  return { ...query, tickets, count };
}
