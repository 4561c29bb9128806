import { describe, expect, it } from "vitest";
import { isWithinHours } from "./businessHours";

const weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const hours = (startTime: string, endTime: string) => weekdays.map((weekdayEn) => ({ weekday: weekdayEn, weekdayEn, startTime, endTime }));

describe("business hours on the company's clock", () => {
  it("reads the hour in the given time zone", () => {
    const at = new Date("2026-03-04T12:30:00Z"); // a Wednesday: 09:30 in São Paulo, 21:30 in Tokyo
    expect(isWithinHours(hours("08:00", "18:00"), at, "America/Sao_Paulo")).toBe(true);
    expect(isWithinHours(hours("08:00", "18:00"), at, "Asia/Tokyo")).toBe(false);
  });

  it("reads the weekday in the given time zone", () => {
    const schedules = hours("00:00", "23:59").map((s) => (s.weekdayEn === "sunday" ? { ...s, startTime: "00:00", endTime: "00:00" } : s));
    const at = new Date("2026-03-02T01:00:00Z"); // Monday in UTC, still Sunday evening in São Paulo
    expect(isWithinHours(schedules, at, "UTC")).toBe(true);
    expect(isWithinHours(schedules, at, "America/Sao_Paulo")).toBe(false);
  });

  it("keeps overnight hours and an empty week open", () => {
    expect(isWithinHours(hours("22:00", "06:00"), new Date("2026-03-04T02:00:00Z"), "UTC")).toBe(true);
    expect(isWithinHours([], new Date(), "UTC")).toBe(true);
  });
});
