import { DEFAULT_QUEUE_SCHEDULES, WEEKDAYS, type ScheduleEntry } from "@balcao/common";

/**
 * The seven rows of an hours form: each weekday's stored entry, or the default week's
 * for a day that has none (a company's hours are stored empty until first saved).
 */
export function fullWeek(stored: readonly ScheduleEntry[] | null | undefined): ScheduleEntry[] {
  return WEEKDAYS.map(({ weekday, weekdayEn }, i) => {
    const found = stored?.find((s) => s.weekdayEn === weekdayEn);
    const fallback = DEFAULT_QUEUE_SCHEDULES[i];
    return { weekday, weekdayEn, startTime: found?.startTime ?? fallback.startTime, endTime: found?.endTime ?? fallback.endTime };
  });
}
