import type { InfiniteData } from "@tanstack/react-query";
import type { ScheduleView, SchedulesPage } from "@balcao/common";

export type SchedulePages = InfiniteData<SchedulesPage, number>;

/** Replaces a loaded schedule; a new one (`created`) goes first, newest first as the server orders them. */
export function upsertSchedule(data: SchedulePages | undefined, schedule: ScheduleView, created: boolean): SchedulePages | undefined {
  if (!data) return data;
  const loaded = data.pages.some((page) => page.schedules.some((s) => s.id === schedule.id));
  if (loaded) {
    return { ...data, pages: data.pages.map((page) => ({ ...page, schedules: page.schedules.map((s) => (s.id === schedule.id ? schedule : s)) })) };
  }
  if (!created || data.pages.length === 0) return data;
  const [first, ...rest] = data.pages;
  const bump = (page: SchedulesPage) => ({ ...page, count: page.count + 1 });
  return { ...data, pages: [{ ...bump(first), schedules: [schedule, ...first.schedules] }, ...rest.map(bump)] };
}

/** Takes a deleted schedule out of the loaded pages and the count. */
export function removeSchedule(data: SchedulePages | undefined, id: number): SchedulePages | undefined {
  if (!data || !data.pages.some((page) => page.schedules.some((s) => s.id === id))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, count: Math.max(0, page.count - 1), schedules: page.schedules.filter((s) => s.id !== id) })) };
}

/** Every loaded schedule, once each (a page boundary may shift while pages load). */
export function allSchedules(data: SchedulePages | undefined): ScheduleView[] {
  const seen = new Map<number, ScheduleView>();
  for (const page of data?.pages ?? []) for (const s of page.schedules) if (!seen.has(s.id)) seen.set(s.id, s);
  return [...seen.values()];
}
