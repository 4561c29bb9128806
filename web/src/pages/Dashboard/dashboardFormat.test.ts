import { describe, expect, it } from "vitest";
import { currentMonthRange, dayOfKey, filterParams, splitMinutes, ticketSeries } from "./dashboardFormat";

describe("dashboard formatting", () => {
  it("writes minutes as whole hours and two-digit minutes", () => {
    expect(splitMinutes(0)).toEqual({ hours: 0, minutes: "00" });
    expect(splitMinutes(26.25)).toEqual({ hours: 0, minutes: "26" });
    expect(splitMinutes(125.6)).toEqual({ hours: 2, minutes: "06" });
    expect(splitMinutes(1500)).toEqual({ hours: 25, minutes: "00" });
  });

  it("starts on the first day of the month, up to today", () => {
    expect(currentMonthRange(new Date(2024, 1, 17, 15))).toEqual({ initialDate: "2024-02-01", finalDate: "2024-02-17" });
  });

  it("sends the period or the dates of the chosen filter type, and nothing when nothing is set", () => {
    expect(filterParams({ type: "period", period: 7, dateFrom: "2024-01-01", dateTo: "" })).toEqual({ days: 7 });
    expect(filterParams({ type: "period", period: 0, dateFrom: "2024-01-01", dateTo: "" })).toBeNull();
    expect(filterParams({ type: "date", period: 7, dateFrom: "2024-01-01", dateTo: "" })).toEqual({ date_from: "2024-01-01" });
    expect(filterParams({ type: "date", period: 0, dateFrom: "2024-01-01", dateTo: "2024-01-31" })).toEqual({ date_from: "2024-01-01", date_to: "2024-01-31" });
    expect(filterParams({ type: "date", period: 0, dateFrom: "", dateTo: "" })).toBeNull();
  });

  it("draws every hour of a single day and every day of a range, with zeros in the gaps", () => {
    const hours = ticketSeries(
      {
        data: [
          { horario: "09", total: 2 },
          { horario: "15", total: 1 },
        ],
        count: 3,
      },
      { initialDate: "2024-01-12", finalDate: "2024-01-12" },
    );
    expect(hours).toHaveLength(24);
    expect(hours[9]).toEqual({ key: "09", kind: "hour", total: 2 });
    expect(hours.reduce((s, p) => s + p.total, 0)).toBe(3);

    const days = ticketSeries({ data: [{ data: "01/03/2024", total: 4 }], count: 4 }, { initialDate: "2024-02-28", finalDate: "2024-03-02" });
    expect(days.map((p) => [p.key, p.total])).toEqual([
      ["28/02/2024", 0],
      ["29/02/2024", 0],
      ["01/03/2024", 4],
      ["02/03/2024", 0],
    ]);

    const long = ticketSeries({ data: [{ data: "01/03/2024", total: 4 }], count: 4 }, { initialDate: "2023-01-01", finalDate: "2024-12-31" });
    expect(long).toEqual([{ key: "01/03/2024", kind: "day", total: 4 }]);
  });

  it("reads a point's day key as a local date, for the chart to write in the user's language", () => {
    expect(dayOfKey("01/03/2024")).toEqual(new Date(2024, 2, 1));
  });
});
