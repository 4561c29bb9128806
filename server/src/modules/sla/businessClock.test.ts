import { describe, expect, it } from "vitest";
import type { ScheduleEntry } from "../../db/schema";
import { businessDueAt, businessMinutesBetween } from "./businessClock";

const NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const week = (hours: Record<string, [string, string]>): ScheduleEntry[] => NAMES.map((n) => ({ weekday: n, weekdayEn: n, startTime: hours[n]?.[0] ?? "00:00", endTime: hours[n]?.[1] ?? "00:00" }));
const weekdays9to18 = week({ monday: ["09:00", "18:00"], tuesday: ["09:00", "18:00"], wednesday: ["09:00", "18:00"], thursday: ["09:00", "18:00"], friday: ["09:00", "18:00"] });
const SP = "America/Sao_Paulo";
const NY = "America/New_York";

describe("businessDueAt", () => {
  it("counts every minute with no hours at all or hours disabled", () => {
    const start = new Date("2026-03-07T23:50:00Z");
    expect(businessDueAt(null, "UTC", start, 30)?.toISOString()).toBe("2026-03-08T00:20:00.000Z");
    expect(businessDueAt([], "UTC", start, 30)?.toISOString()).toBe("2026-03-08T00:20:00.000Z");
  });

  it("counts only open hours in the company's time zone", () => {
    // Monday 10:00 in São Paulo (UTC-3): 60 minutes later is 11:00 local
    expect(businessDueAt(weekdays9to18, SP, new Date("2026-03-02T13:00:00Z"), 60)?.toISOString()).toBe("2026-03-02T14:00:00.000Z");
    // Monday 17:30 local, 60 minutes: 30 today, 30 on Tuesday from 09:00 → 09:30 local
    expect(businessDueAt(weekdays9to18, SP, new Date("2026-03-02T20:30:00Z"), 60)?.toISOString()).toBe("2026-03-03T12:30:00.000Z");
    // before opening: the clock starts at 09:00
    expect(businessDueAt(weekdays9to18, SP, new Date("2026-03-02T09:00:00Z"), 15)?.toISOString()).toBe("2026-03-02T12:15:00.000Z");
  });

  it("skips weekends and closed days", () => {
    // Friday 17:00 local, 120 minutes: 60 on Friday, 60 on Monday → Monday 10:00 local
    expect(businessDueAt(weekdays9to18, SP, new Date("2026-03-06T20:00:00Z"), 120)?.toISOString()).toBe("2026-03-09T13:00:00.000Z");
    // Saturday: nothing counts until Monday 09:00
    expect(businessDueAt(weekdays9to18, SP, new Date("2026-03-07T15:00:00Z"), 1)?.toISOString()).toBe("2026-03-09T12:01:00.000Z");
    // a day missing from the list is closed
    const mondaysOnly = [{ weekday: "segunda", weekdayEn: "monday", startTime: "08:00", endTime: "09:00" }];
    expect(businessDueAt(mondaysOnly, "UTC", new Date("2026-03-02T08:30:00Z"), 60)?.toISOString()).toBe("2026-03-09T08:30:00.000Z");
  });

  it("follows overnight hours into the next morning", () => {
    const nights = week({ monday: ["22:00", "06:00"], tuesday: ["22:00", "06:00"] });
    // Monday 23:00, 300 minutes: 60 until midnight, 360 available on Tuesday morning → Tuesday 04:00
    expect(businessDueAt(nights, "UTC", new Date("2026-03-02T23:00:00Z"), 300)?.toISOString()).toBe("2026-03-03T04:00:00.000Z");
    // Tuesday 05:00 (Monday night's tail), 120 minutes: 60 until 06:00, then Tuesday 22:00 → 23:00
    expect(businessDueAt(nights, "UTC", new Date("2026-03-03T05:00:00Z"), 120)?.toISOString()).toBe("2026-03-03T23:00:00.000Z");
  });

  it("counts wall-clock hours across a clock change", () => {
    const allSunday = week({ sunday: ["00:00", "23:59"] });
    // New York springs forward on Sunday 2026-03-08 at 02:00 → 03:00: the day has 23 hours.
    // From 00:00 local (05:00Z), 180 business minutes are 3 real hours: 04:00 local EDT = 08:00Z
    expect(businessDueAt(allSunday, NY, new Date("2026-03-08T05:00:00Z"), 180)?.toISOString()).toBe("2026-03-08T08:00:00.000Z");
    // Hours 09:00–10:00 every day: the day after the change opens at 09:00 EDT (13:00Z), not 14:00Z
    const nineToTen = week(Object.fromEntries(NAMES.map((n) => [n, ["09:00", "10:00"]])) as Record<string, [string, string]>);
    expect(businessDueAt(nineToTen, NY, new Date("2026-03-07T14:30:00Z"), 60)?.toISOString()).toBe("2026-03-08T13:30:00.000Z");
  });

  it("has no due instant when every day is closed", () => {
    expect(businessDueAt(week({}), "UTC", new Date("2026-03-02T10:00:00Z"), 10)).toBeNull();
  });
});

describe("businessMinutesBetween", () => {
  it("counts only the open minutes between two instants", () => {
    // Friday 17:00 → Monday 10:00 local: 60 + 60
    expect(businessMinutesBetween(weekdays9to18, SP, new Date("2026-03-06T20:00:00Z"), new Date("2026-03-09T13:00:00Z"))).toBe(120);
    expect(businessMinutesBetween(null, SP, new Date("2026-03-06T20:00:00Z"), new Date("2026-03-06T20:30:00Z"))).toBe(30);
    expect(businessMinutesBetween(weekdays9to18, SP, new Date("2026-03-09T13:00:00Z"), new Date("2026-03-06T20:00:00Z"))).toBe(0);
  });

  it("counts overnight tails and agrees with the due instant", () => {
    const nights = week({ monday: ["22:00", "06:00"] });
    const start = new Date("2026-03-02T21:00:00Z");
    const due = businessDueAt(nights, "UTC", start, 400)!;
    expect(businessMinutesBetween(nights, "UTC", start, due)).toBe(400);
    expect(due.toISOString()).toBe("2026-03-03T04:40:00.000Z");
  });
});
