import { describe, expect, it } from "vitest";
import { isCalendarDateTime, isCalendarDay, optionalDayField } from "./dates";
import { contactsQuery } from "./contacts";
import { ticketListQuery } from "./tickets";
import { scheduleSendAtField } from "./scheduledMessages";

describe("isCalendarDay", () => {
  it.each(["2024-02-29", "2023-12-31", "9999-12-31"])("accepts %s", (day) => expect(isCalendarDay(day)).toBe(true));
  it.each(["2024-99-99", "2024-02-30", "2023-02-29", "2024-04-31", "2024-00-10", "2024-1-1", "0050-01-01", " 2024-01-01", ""])("refuses %j", (day) => expect(isCalendarDay(day)).toBe(false));
});

describe("isCalendarDateTime", () => {
  it.each(["2030-05-20T14:30", "2030-01-02T10:00:00.000Z", "2030-01-02T10:00:00-03:00", "2030-01-02"])("accepts %s", (v) => expect(isCalendarDateTime(v)).toBe(true));
  it.each(["2030-02-30T10:00", "2030-04-31T10:00:00Z", "2030-01-01T25:00", "1", "amanhã"])("refuses %j", (v) => expect(isCalendarDateTime(v)).toBe(false));
});

describe("the date fields of the API's schemas", () => {
  it("treat a blank day as not given", () => expect(optionalDayField.parse("  ")).toBeUndefined());

  it.each([
    [ticketListQuery, { date: "2024-99-99" }, "date"],
    [ticketListQuery, { updatedAt: "2024-02-30" }, "updatedAt"],
    [contactsQuery, { dateStart: "2024-02-30" }, "dateStart"],
    [contactsQuery, { dateEnd: "2024-13-01" }, "dateEnd"],
  ])("refuse an impossible day and name it", (schema, query, field) => {
    const result = schema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message: "Invalid value" });
  });

  it("refuse a send time on a day that does not exist", () => {
    expect(scheduleSendAtField.safeParse("2031-02-30T10:00").success).toBe(false);
    expect(scheduleSendAtField.safeParse("2031-02-28T10:00").success).toBe(true);
  });
});
