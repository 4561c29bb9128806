import { describe, expect, it } from "vitest";
import { flattenPages, matchesSearch, removeFromPages, upsertInPages, type PagedData } from "./pagedList";

type Item = { id: number; name: string };
const data = (...pages: Item[][]): PagedData<Item> => ({
  pages: pages.map((items, i) => ({ items, count: 3, hasMore: i < pages.length - 1 })),
  pageParams: pages.map((_, i) => i + 1),
});

describe("paged list cache", () => {
  it("replaces a loaded record wherever it is", () => {
    const next = upsertInPages(data([{ id: 1, name: "a" }], [{ id: 2, name: "b" }]), { id: 2, name: "B" }, false);
    expect(flattenPages(next)).toEqual([
      { id: 1, name: "a" },
      { id: 2, name: "B" },
    ]);
  });

  it("puts a new record on top only when it belongs to the list", () => {
    const base = data([{ id: 1, name: "a" }]);
    expect(upsertInPages(base, { id: 9, name: "new" }, false)).toBe(base);
    const next = upsertInPages(base, { id: 9, name: "new" }, true)!;
    expect(flattenPages(next).map((i) => i.id)).toEqual([9, 1]);
    expect(next.pages[0].count).toBe(4);
  });

  it("removes a record and leaves other lists alone", () => {
    const base = data([{ id: 1, name: "a" }], [{ id: 2, name: "b" }]);
    expect(removeFromPages(base, 5)).toBe(base);
    const next = removeFromPages(base, 2)!;
    expect(flattenPages(next).map((i) => i.id)).toEqual([1]);
    expect(next.pages[0].count).toBe(2);
  });

  it("lists a record once when it shifted pages while paging", () => {
    expect(
      flattenPages(
        data(
          [
            { id: 1, name: "a" },
            { id: 2, name: "b" },
          ],
          [
            { id: 2, name: "b" },
            { id: 3, name: "c" },
          ],
        ),
      ).map((i) => i.id),
    ).toEqual([1, 2, 3]);
  });

  it("matches a search in any field, ignoring case", () => {
    expect(matchesSearch("", "x")).toBe(true);
    expect(matchesSearch("mar", "Ana", "MARIA@x.com")).toBe(true);
    expect(matchesSearch("zé", "Ana", null)).toBe(false);
  });
});
