import type { TagFormInput } from "@balcao/common";
import { api } from "../../api/client";
import type { ListPage } from "../../api/pagedList";

/** A tag as the tags page lists it and tag events carry it. */
export interface TagItem {
  id: number;
  name: string;
  color: string;
  kanban: number;
  ticketsCount: number;
}

export const TAGS_PAGE_KEY = ["tags", "page"] as const;

export async function fetchTagsPage(searchParam: string, pageNumber: number): Promise<ListPage<TagItem>> {
  const { data } = await api.get<{ tags: TagItem[]; count: number; hasMore: boolean }>("/tags/", { params: { searchParam, pageNumber } });
  return { items: data.tags, count: data.count, hasMore: data.hasMore };
}

export async function fetchTag(id: number): Promise<TagItem> {
  const { data } = await api.get<TagItem>(`/tags/${id}`);
  return data;
}

/** Creates (id null) or updates a tag; a created tag has no tickets yet. */
export async function saveTag(id: number | null, body: TagFormInput): Promise<TagItem> {
  if (id === null) {
    const { data } = await api.post<Omit<TagItem, "ticketsCount">>("/tags", body);
    return { ...data, ticketsCount: 0 };
  }
  const { data } = await api.put<TagItem>(`/tags/${id}`, body);
  return data;
}

export async function deleteTag(id: number): Promise<void> {
  await api.delete(`/tags/${id}`);
}

export const tagMatches = (tag: TagItem, search: string) => !search || tag.name.toLowerCase().includes(search);

/** Black or white text, whichever reads better on the tag's colour. */
export function contrastText(hex: string): string {
  const raw = hex.replace("#", "");
  const full = raw.length === 3 || raw.length === 4 ? [...raw.slice(0, 3)].map((c) => c + c).join("") : raw.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  if ([r, g, b].some(Number.isNaN)) return "#fff";
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255 > 0.6 ? "#000" : "#fff";
}
