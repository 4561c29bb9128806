import type { InfiniteData } from "@tanstack/react-query";
import type { QuickMessageRecord, QuickMessagesPage } from "./quickMessagesApi";

export type QuickMessagePages = InfiniteData<QuickMessagesPage, number>;

/** Replaces the record where it is listed; reports whether it was there. */
export function replaceQuickMessage(data: QuickMessagePages | undefined, record: QuickMessageRecord): { data: QuickMessagePages | undefined; found: boolean } {
  if (!data) return { data, found: false };
  let found = false;
  const pages = data.pages.map((page) => ({
    ...page,
    records: page.records.map((q) => {
      if (q.id !== record.id) return q;
      found = true;
      return record;
    }),
  }));
  return { data: found ? { ...data, pages } : data, found };
}

/** Drops a record from every loaded page. */
export function removeQuickMessage(data: QuickMessagePages | undefined, id: number): QuickMessagePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const records = page.records.filter((q) => q.id !== id);
      return records.length === page.records.length ? page : { ...page, records, count: Math.max(0, page.count - 1) };
    }),
  };
}

/** Whether a record belongs in a list searched for `term` (the server matches shortcode or text). */
export function matchesSearch(record: QuickMessageRecord, term: string): boolean {
  const needle = term.trim().toLowerCase();
  return !needle || record.shortcode.toLowerCase().includes(needle) || record.message.toLowerCase().includes(needle);
}

/** Only the owner or an admin changes a quick message. */
export const canEditQuickMessage = (record: Pick<QuickMessageRecord, "userId">, user: { id: number; profile: string }) => user.profile === "admin" || record.userId === user.id;
