import { describe, expect, it } from "vitest";
import { canEditQuickMessage, matchesSearch, removeQuickMessage, replaceQuickMessage, type QuickMessagePages } from "./quickMessageList";
import { insertAt } from "./variableInsert";
import type { QuickMessageRecord } from "./quickMessagesApi";

const record = (id: number, over: Partial<QuickMessageRecord> = {}): QuickMessageRecord => ({
  id,
  shortcode: `atalho${id}`,
  message: `texto ${id}`,
  mediaPath: null,
  mediaName: null,
  geral: false,
  status: true,
  isMedia: false,
  userId: 1,
  companyId: 1,
  ...over,
});

const pages = (...lists: QuickMessageRecord[][]): QuickMessagePages => ({
  pages: lists.map((records, i) => ({ records, count: 3, hasMore: i < lists.length - 1 })),
  pageParams: lists.map((_, i) => i + 1),
});

describe("quick message list cache", () => {
  it("replaces a listed record in place and reports a missing one", () => {
    const data = pages([record(1), record(2)], [record(3)]);
    const updated = replaceQuickMessage(data, record(3, { shortcode: "novo" }));
    expect(updated.found).toBe(true);
    expect(updated.data?.pages[1].records[0].shortcode).toBe("novo");
    expect(replaceQuickMessage(data, record(9)).found).toBe(false);
  });

  it("removes a record from whichever page holds it", () => {
    const data = removeQuickMessage(pages([record(1), record(2)], [record(3)]), 2);
    expect(data?.pages.map((p) => p.records.map((r) => r.id))).toEqual([[1], [3]]);
    expect(data?.pages[0].count).toBe(2);
  });

  it("matches the search on shortcode or text, ignoring case", () => {
    expect(matchesSearch(record(1, { shortcode: "Oferta" }), "ofe")).toBe(true);
    expect(matchesSearch(record(1, { message: "Frete GRÁTIS" }), "grátis")).toBe(true);
    expect(matchesSearch(record(1), "nada")).toBe(false);
    expect(matchesSearch(record(1), "")).toBe(true);
  });

  it("lets the owner or an admin edit", () => {
    expect(canEditQuickMessage(record(1, { userId: 7 }), { id: 7, profile: "user" })).toBe(true);
    expect(canEditQuickMessage(record(1, { userId: 7 }), { id: 8, profile: "user" })).toBe(false);
    expect(canEditQuickMessage(record(1, { userId: 7 }), { id: 8, profile: "admin" })).toBe(true);
  });
});

describe("insertAt", () => {
  it("puts a variable at the cursor or in place of the selection", () => {
    expect(insertAt("Olá !", "{{name}}", 4, 4)).toEqual({ text: "Olá {{name}}!", cursor: 12 });
    expect(insertAt("Olá XXX!", "{{firstName}}", 4, 7)).toEqual({ text: "Olá {{firstName}}!", cursor: 17 });
    expect(insertAt("Oi", "{{hora}}", null, null)).toEqual({ text: "Oi{{hora}}", cursor: 10 });
  });
});
