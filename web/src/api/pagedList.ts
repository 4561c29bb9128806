import type { InfiniteData } from "@tanstack/react-query";

/** One page of a searchable list (`GET /users/`, `GET /tags/`, …) under a common name. */
export interface ListPage<T> {
  items: T[];
  count: number;
  hasMore: boolean;
}

export type PagedData<T> = InfiniteData<ListPage<T>, number>;

interface WithId {
  id: number;
}

/**
 * A record that was created or changed elsewhere (a socket event, a dialog): replaced where it
 * is, otherwise put on top of the first page when it belongs to the list being shown.
 */
export function upsertInPages<T extends WithId>(data: PagedData<T> | undefined, item: T, belongs: boolean): PagedData<T> | undefined {
  if (!data) return data;
  const present = data.pages.some((page) => page.items.some((i) => i.id === item.id));
  if (present) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map((i) => (i.id === item.id ? item : i)) })) };
  }
  if (!belongs || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, items: [item, ...first.items], count: first.count + 1 }, ...rest] };
}

/** A deleted record leaves whichever page holds it. */
export function removeFromPages<T extends WithId>(data: PagedData<T> | undefined, id: number): PagedData<T> | undefined {
  if (!data) return data;
  const present = data.pages.some((page) => page.items.some((i) => i.id === id));
  if (!present) return data;
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      items: page.items.filter((i) => i.id !== id),
      count: index === 0 ? Math.max(0, page.count - 1) : page.count,
    })),
  };
}

/** Every record of the loaded pages, once each (a record may shift pages while paging). */
export function flattenPages<T extends WithId>(data: PagedData<T> | undefined): T[] {
  const seen = new Set<number>();
  const out: T[] = [];
  for (const page of data?.pages ?? []) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/** Case-insensitive "contains", as the server's search matches. */
export const matchesSearch = (search: string, ...fields: (string | null | undefined)[]) => !search || fields.some((f) => f?.toLowerCase().includes(search.toLowerCase()));
