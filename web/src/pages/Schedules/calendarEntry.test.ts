import { describe, expect, it } from "vitest";
import type { ScheduleView } from "@balcao/common";
import { calendarEntryOf } from "./calendarEntry";

const at = (sendAt: Date) => ({ id: 1, contactId: 7, contact: { id: 7, name: "Bruna" }, sendAt: sendAt.toISOString() }) as unknown as ScheduleView;

describe("a schedule on the calendar", () => {
  it("takes half an hour from its send time, named after its contact", () => {
    const entry = calendarEntryOf(at(new Date(2026, 10, 24, 14, 0)));
    expect(entry).toMatchObject({ title: "Bruna", start: new Date(2026, 10, 24, 14, 0), end: new Date(2026, 10, 24, 14, 30) });
  });

  it("ends at midnight when sent just before it, so it shows on one day only", () => {
    const entry = calendarEntryOf(at(new Date(2026, 10, 24, 23, 50)));
    expect(entry.end.getDate()).toBe(24);
    expect(entry.end.getTime()).toBe(new Date(2026, 10, 24, 23, 59, 59, 999).getTime());
  });
});
