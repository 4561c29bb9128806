import { describe, expect, it } from "vitest";
import type { AnnouncementRecord } from "../../api/announcements";
import { attachmentProblem } from "./announcementForm";
import { matchesAnnouncementSearch, removeAnnouncement, upsertAnnouncement, type AnnouncementPages } from "./announcementList";

const record = (id: number, over: Partial<AnnouncementRecord> = {}): AnnouncementRecord => ({
  id,
  title: `Aviso ${id}`,
  text: "texto",
  priority: 3,
  status: true,
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  ...over,
});
const pages = (...lists: AnnouncementRecord[][]): AnnouncementPages => ({
  pages: lists.map((records) => ({ records, count: lists.flat().length, hasMore: false })),
  pageParams: lists.map((_, i) => i + 1),
});

describe("the announcements list cache", () => {
  it("replaces a listed record where it is, and puts a new one first only when it matches the search", () => {
    const data = pages([record(2), record(1)]);
    expect(upsertAnnouncement(data, record(1, { title: "Mudou" }), false)!.pages[0].records.map((r) => r.title)).toEqual(["Aviso 2", "Mudou"]);
    expect(upsertAnnouncement(data, record(3), true)!.pages[0].records.map((r) => r.id)).toEqual([3, 2, 1]);
    expect(upsertAnnouncement(data, record(3), false)).toBe(data);
  });

  it("drops a deleted record from any page", () => {
    const data = pages([record(3)], [record(2), record(1)]);
    expect(removeAnnouncement(data, 2)!.pages.map((p) => p.records.map((r) => r.id))).toEqual([[3], [1]]);
    expect(removeAnnouncement(data, 9)).toBe(data);
  });

  it("matches the search in the title or the text, without case", () => {
    expect(matchesAnnouncementSearch({ title: "Feriado", text: "Suporte reduzido" }, "FERI")).toBe(true);
    expect(matchesAnnouncementSearch({ title: "Feriado", text: "Suporte reduzido" }, "reduz")).toBe(true);
    expect(matchesAnnouncementSearch({ title: "Feriado", text: "Suporte reduzido" }, "natal")).toBe(false);
    expect(matchesAnnouncementSearch({ title: "Feriado", text: "x" }, "  ")).toBe(true);
  });
});

describe("the attachment check before sending", () => {
  it("accepts .png, .jpg and .jpeg up to 5 MB", () => {
    expect(attachmentProblem({ name: "a.PNG", size: 10 })).toBeNull();
    expect(attachmentProblem({ name: "a.jpeg", size: 5 * 1024 * 1024 })).toBeNull();
    expect(attachmentProblem({ name: "a.gif", size: 10 })).toBe("wrongType");
    expect(attachmentProblem({ name: "a.jpg", size: 5 * 1024 * 1024 + 1 })).toBe("tooLarge");
  });
});
