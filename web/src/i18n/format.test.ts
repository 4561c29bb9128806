import { describe, expect, it } from "vitest";
import { formatDate } from "./format";

describe("formatDate", () => {
  it("writes a date as DD/MM/YYYY", () => {
    expect(formatDate("2026-11-03")).toBe("03/11/2026");
    expect(formatDate("2026-01-31T10:00:00")).toBe("31/01/2026");
  });

  it("returns text that is not a date as it is", () => {
    expect(formatDate("soon")).toBe("soon");
  });
});
