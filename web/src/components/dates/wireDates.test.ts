import { describe, expect, it } from "vitest";
import { fromWire, toWire, WIRE_DAY, WIRE_LOCAL_DATE_TIME } from "./wireDates";

describe("date fields' form values", () => {
  it("keeps the API's formats whatever the language shows", () => {
    expect(toWire(new Date(2026, 10, 23), WIRE_DAY)).toBe("2026-11-23");
    expect(toWire(new Date(2026, 10, 23, 9, 5), WIRE_LOCAL_DATE_TIME)).toBe("2026-11-23T09:05");
    expect(fromWire("2026-11-23", WIRE_DAY)).toEqual(new Date(2026, 10, 23));
    expect(fromWire("2026-11-23T09:05", WIRE_LOCAL_DATE_TIME)).toEqual(new Date(2026, 10, 23, 9, 5));
  });

  it("has no date for an empty, malformed or half-typed value", () => {
    expect(fromWire("", WIRE_DAY)).toBeNull();
    expect(fromWire("2026-13-45", WIRE_DAY)).toBeNull();
    expect(toWire(null, WIRE_DAY)).toBe("");
    expect(toWire(new Date(Number.NaN), WIRE_DAY)).toBe("");
  });
});
