import { useMemo } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { fetchChats, type ChatsPage } from "../api/chats";
import { chatKeys, flattenChats } from "../api/chatCache";

/**
 * The user's chats, newest first, 20 a page: the chats page, the top bar's popover and the menu's dot
 * read the same cache, which the chat events keep current.
 */
export function useChatList(searchParam = "", enabled = true) {
  const query = useInfiniteQuery({
    queryKey: chatKeys.list(searchParam),
    queryFn: ({ pageParam }): Promise<ChatsPage> => fetchChats(searchParam, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    enabled,
    staleTime: 60_000,
  });
  const chats = useMemo(() => flattenChats(query.data), [query.data]);
  return { ...query, chats };
}
