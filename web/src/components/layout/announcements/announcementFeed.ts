import type { InfiniteData } from "@tanstack/react-query";
import type { AnnouncementRecord, AnnouncementsPage } from "../../../api/announcements";

export type AnnouncementFeed = InfiniteData<AnnouncementsPage, number>;

/** An active announcement, replaced where it is or put first (the newest is on top). */
export function feedWith(data: AnnouncementFeed | undefined, record: AnnouncementRecord): AnnouncementFeed | undefined {
  if (!data) return data;
  if (data.pages.some((page) => page.records.some((r) => r.id === record.id))) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, records: page.records.map((r) => (r.id === record.id ? record : r)) })) };
  }
  if (data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, records: [record, ...first.records], count: first.count + 1 }, ...rest] };
}

/** A deleted or deactivated announcement leaves the feed. */
export function feedWithout(data: AnnouncementFeed | undefined, id: number): AnnouncementFeed | undefined {
  if (!data || !data.pages.some((page) => page.records.some((r) => r.id === id))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, records: page.records.filter((r) => r.id !== id) })) };
}
