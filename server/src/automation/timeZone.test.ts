import { describe, expect, it } from "vitest";
import { isTimeZoneName } from "@balcao/common";
import { startOfDayIn, startOfNextDayIn, wallClock } from "./timeZone";

describe("company time zones", () => {
  it("knows IANA names and refuses others", () => {
    expect(isTimeZoneName("America/Sao_Paulo")).toBe(true);
    expect(isTimeZoneName("UTC")).toBe(true);
    expect(isTimeZoneName("Mars/Olympus")).toBe(false);
    expect(isTimeZoneName("")).toBe(false);
  });

  it("reads an instant as the wall clock of the zone", () => {
    const at = new Date("2026-03-02T02:30:00Z"); // a Monday in UTC, still Sunday evening in São Paulo
    expect(wallClock(at, "UTC")).toEqual({ day: "2026-03-02", weekday: 1, minute: 150 });
    expect(wallClock(at, "America/Sao_Paulo")).toEqual({ day: "2026-03-01", weekday: 0, minute: 23 * 60 + 30 });
  });

  it("finds a day's midnight in the zone, across a clock change", () => {
    expect(startOfDayIn("2026-03-01", "America/Sao_Paulo").toISOString()).toBe("2026-03-01T03:00:00.000Z");
    expect(startOfNextDayIn("2026-12-31", "Asia/Tokyo").toISOString()).toBe("2026-12-31T15:00:00.000Z");
    // Lisbon moves its clocks forward on 2026-03-29: that day lasts 23 hours
    const start = startOfDayIn("2026-03-29", "Europe/Lisbon");
    const end = startOfNextDayIn("2026-03-29", "Europe/Lisbon");
    expect((end.getTime() - start.getTime()) / 3_600_000).toBe(23);
  });
});
