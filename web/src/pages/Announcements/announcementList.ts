import type { InfiniteData } from "@tanstack/react-query";
import type { AnnouncementRecord, AnnouncementsPage } from "../../api/announcements";

export type AnnouncementPages = InfiniteData<AnnouncementsPage, number>;

/** Replaces the record where it is listed; otherwise puts it first when it belongs to the list. */
export function upsertAnnouncement(data: AnnouncementPages | undefined, record: AnnouncementRecord, belongs: boolean): AnnouncementPages | undefined {
  if (!data) return data;
  const present = data.pages.some((page) => page.records.some((r) => r.id === record.id));
  if (present) return { ...data, pages: data.pages.map((page) => ({ ...page, records: page.records.map((r) => (r.id === record.id ? record : r)) })) };
  if (!belongs || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first, records: [record, ...first.records], count: first.count + 1 }, ...rest] };
}

/** Drops a record from every loaded page. */
export function removeAnnouncement(data: AnnouncementPages | undefined, id: number): AnnouncementPages | undefined {
  if (!data || !data.pages.some((page) => page.records.some((r) => r.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const records = page.records.filter((r) => r.id !== id);
      return records.length === page.records.length ? page : { ...page, records, count: Math.max(0, page.count - 1) };
    }),
  };
}

/** Whether a record belongs in a list searched for `term` (the server matches title or text). */
export function matchesAnnouncementSearch(record: Pick<AnnouncementRecord, "title" | "text">, term: string): boolean {
  const needle = term.trim().toLowerCase();
  return !needle || record.title.toLowerCase().includes(needle) || record.text.toLowerCase().includes(needle);
}
