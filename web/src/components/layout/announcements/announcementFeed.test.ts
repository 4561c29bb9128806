import { describe, expect, it } from "vitest";
import type { AnnouncementRecord } from "../../../api/announcements";
import { feedWith, feedWithout, type AnnouncementFeed } from "./announcementFeed";

const record = (id: number, title = `Aviso ${id}`): AnnouncementRecord => ({
  id,
  title,
  text: "texto",
  priority: 1,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});
const feed = (...records: AnnouncementRecord[]): AnnouncementFeed => ({ pages: [{ records, count: records.length, hasMore: false }], pageParams: [1] });

describe("the top bar's feed", () => {
  it("puts a new announcement on top and replaces a changed one in place", () => {
    expect(feedWith(feed(record(1)), record(2))!.pages[0].records.map((r) => r.id)).toEqual([2, 1]);
    expect(feedWith(feed(record(2), record(1)), record(1, "Novo título"))!.pages[0].records.map((r) => r.title)).toEqual(["Aviso 2", "Novo título"]);
    expect(feedWith(undefined, record(1))).toBeUndefined();
  });

  it("drops a deleted or deactivated one", () => {
    expect(feedWithout(feed(record(2), record(1)), 2)!.pages[0].records.map((r) => r.id)).toEqual([1]);
    const same = feed(record(1));
    expect(feedWithout(same, 5)).toBe(same);
  });
});
