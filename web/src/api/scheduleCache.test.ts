import { describe, expect, it } from "vitest";
import type { ScheduleView } from "@balcao/common";
import { allSchedules, removeSchedule, upsertSchedule, type SchedulePages } from "./scheduleCache";

const schedule = (id: number, body = `Mensagem ${id}`): ScheduleView => ({
  id,
  body,
  sendAt: "2030-01-01T10:00:00.000Z",
  sentAt: null,
  status: "PENDENTE",
  contactId: 1,
  ticketId: null,
  userId: 1,
  companyId: 1,
  mediaPath: null,
  mediaName: null,
  template: null,
  failure: null,
  createdAt: "2029-01-01T10:00:00.000Z",
  updatedAt: "2029-01-01T10:00:00.000Z",
  contact: { id: 1, name: "Maria" },
  user: { id: 1, name: "Admin" },
});
const pages = (...lists: ScheduleView[][]): SchedulePages => ({
  pages: lists.map((schedules, i) => ({ schedules, count: 3, hasMore: i < lists.length - 1 })),
  pageParams: lists.map((_, i) => i + 1),
});

describe("schedule cache", () => {
  it("replaces a loaded schedule in place, whatever the action", () => {
    const data = upsertSchedule(pages([schedule(3), schedule(2)], [schedule(1)]), { ...schedule(1), status: "ENVIADA" }, false);
    expect(allSchedules(data).map((s) => [s.id, s.status])).toEqual([
      [3, "PENDENTE"],
      [2, "PENDENTE"],
      [1, "ENVIADA"],
    ]);
    expect(data?.pages[0].count).toBe(3);
  });

  it("puts a new schedule first and counts it once, even when its event arrives after the save", () => {
    const once = upsertSchedule(pages([schedule(2)], [schedule(1)]), schedule(4), true);
    const twice = upsertSchedule(once, schedule(4, "editado"), true);
    expect(allSchedules(twice).map((s) => s.id)).toEqual([4, 2, 1]);
    expect(twice?.pages.map((p) => p.count)).toEqual([4, 4]);
    expect(allSchedules(twice)[0].body).toBe("editado");
  });

  it("ignores updates of schedules it never loaded and removes deleted ones once", () => {
    const data = pages([schedule(2)]);
    expect(upsertSchedule(data, schedule(9), false)).toBe(data);
    const removed = removeSchedule(removeSchedule(data, 2), 2);
    expect(removed?.pages[0]).toEqual({ schedules: [], count: 2, hasMore: false });
  });
});
