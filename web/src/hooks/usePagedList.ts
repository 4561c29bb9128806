import { useCallback, useEffect, useMemo, useRef, type UIEvent } from "react";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { flattenPages, removeFromPages, upsertInPages, type ListPage, type PagedData } from "../api/pagedList";

/** The spec's infinite lists ask for the next page within 100 px of the bottom. */
export const LOAD_MORE_PX = 100;

interface PagedListOptions<T> {
  /** The list's cache key without the search; the search ends the full key. */
  baseKey: readonly unknown[];
  search: string;
  fetchPage(search: string, pageNumber: number): Promise<ListPage<T>>;
}

/**
 * A searchable list read page by page (20 at a time on the server), with the cache helpers that
 * socket events and dialogs use to keep every loaded search of it current.
 */
export function usePagedList<T extends { id: number }>({ baseKey, search, fetchPage }: PagedListOptions<T>) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery<ListPage<T>, Error, PagedData<T>, unknown[], number>({
    queryKey: [...baseKey, search],
    queryFn: ({ pageParam }) => fetchPage(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
  const items = useMemo(() => flattenPages(query.data), [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const loadMoreNear = useCallback(
    (el: HTMLElement | null) => {
      if (!el || !hasNextPage || isFetchingNextPage) return;
      if (el.scrollHeight - (el.scrollTop + el.clientHeight) < LOAD_MORE_PX) void fetchNextPage();
    },
    [hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // a first page too short to scroll would never ask for the next one
  useEffect(() => loadMoreNear(scrollRef.current), [items.length, loadMoreNear]);
  const onScroll = (event: UIEvent<HTMLDivElement>) => loadMoreNear(event.currentTarget);

  /** Applies a change to every loaded search of this list; `belongs` says whether a search shows the record. */
  const upsert = useCallback(
    (item: T, belongs: (search: string) => boolean) => {
      for (const [key] of queryClient.getQueriesData<PagedData<T>>({ queryKey: baseKey })) {
        const keySearch = String(key[key.length - 1] ?? "");
        queryClient.setQueryData<PagedData<T>>(key, (data) => upsertInPages(data, item, belongs(keySearch)));
      }
    },
    [queryClient, baseKey],
  );
  const remove = useCallback((id: number) => queryClient.setQueriesData<PagedData<T>>({ queryKey: baseKey }, (data) => removeFromPages(data, id)), [queryClient, baseKey]);

  const total = query.data?.pages[0]?.count;
  return { query, items, total, scrollRef, onScroll, upsert, remove };
}
