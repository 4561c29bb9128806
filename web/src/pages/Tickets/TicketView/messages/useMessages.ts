import { useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import { fetchMessages, ticketViewKeys } from "../api";
import type { MessagesPage } from "../types";

/** The ticket's messages by pages: page 1 is the newest, each next page is older. */
export function useMessages(ticketId: number) {
  return useInfiniteQuery<MessagesPage, Error, InfiniteData<MessagesPage, number>, ReturnType<typeof ticketViewKeys.messages>, number>({
    queryKey: ticketViewKeys.messages(ticketId),
    queryFn: ({ pageParam }) => fetchMessages(ticketId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    staleTime: 0,
  });
}
