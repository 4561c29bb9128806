import { describe, expect, it } from "vitest";
import { DEFAULT_QUEUE_SCHEDULES } from "@balcao/common";
import { fullWeek } from "./weekSchedules";

describe("fullWeek", () => {
  it("gives the default week when nothing is stored", () => {
    expect(fullWeek([])).toEqual(DEFAULT_QUEUE_SCHEDULES);
    expect(fullWeek(null)).toHaveLength(7);
  });

  it("keeps stored hours, fills missing days and puts them in weekday order", () => {
    const week = fullWeek([
      { weekday: "Domingo", weekdayEn: "sunday", startTime: "10:00", endTime: "14:00" },
      { weekday: "Monday", weekdayEn: "monday", startTime: "09:00", endTime: "17:00" },
    ]);
    expect(week.map((d) => d.weekdayEn)).toEqual(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
    expect(week[0]).toEqual({ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "17:00" });
    expect(week[1]).toEqual(DEFAULT_QUEUE_SCHEDULES[1]);
    expect(week[6]).toMatchObject({ startTime: "10:00", endTime: "14:00" });
  });
});
