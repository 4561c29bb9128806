import type { ChartRange, DashboardParams, TicketsPerDay } from "./dashboardApi";

/** A date as yyyy-MM-dd in the browser's time zone. */
export function localDay(date: Date): string {
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${date.getFullYear()}-${m}-${d}`;
}

/** From the first day of this month to today: the dashboard's and the charts' starting range. */
export function currentMonthRange(today = new Date()): ChartRange {
  return { initialDate: localDay(new Date(today.getFullYear(), today.getMonth(), 1)), finalDate: localDay(today) };
}

/** Minutes split into whole hours and zero-padded minutes (rounded to the minute), for "1h 05m". */
export function splitMinutes(total: number): { hours: number; minutes: string } {
  const rounded = Math.max(0, Math.round(Number.isFinite(total) ? total : 0));
  return { hours: Math.floor(rounded / 60), minutes: String(rounded % 60).padStart(2, "0") };
}

export type FilterType = "date" | "period";

export interface DashboardFilter {
  type: FilterType;
  dateFrom: string;
  dateTo: string;
  /** 0: none selected. */
  period: number;
}

/** What the filter sends; null when nothing is set ('Parametrize o filtro'). */
export function filterParams(filter: DashboardFilter): DashboardParams | null {
  const params: DashboardParams = {};
  if (filter.type === "period") {
    if (filter.period > 0) params.days = filter.period;
  } else {
    if (filter.dateFrom) params.date_from = filter.dateFrom;
    if (filter.dateTo) params.date_to = filter.dateTo;
  }
  return Object.keys(params).length ? params : null;
}

export interface SeriesPoint {
  /** "dd/MM/yyyy" for a day, "HH" for an hour. */
  key: string;
  kind: "day" | "hour";
  total: number;
}

/** The longest range whose empty days are drawn as zeros; longer ones show only days with tickets. */
const MAX_FILLED_DAYS = 93;

/**
 * The tickets chart's points: every hour of the day, or every day of the range, with 0 where the
 * server listed nothing (it lists only hours or days with tickets).
 */
export function ticketSeries(response: TicketsPerDay | undefined, range: ChartRange): SeriesPoint[] {
  const rows = response?.data ?? [];
  if (range.initialDate === range.finalDate) {
    const byHour = new Map(rows.filter((r) => r.horario !== undefined).map((r) => [String(r.horario).padStart(2, "0"), Number(r.total)]));
    return Array.from({ length: 24 }, (_, h) => {
      const key = String(h).padStart(2, "0");
      return { key, kind: "hour" as const, total: byHour.get(key) ?? 0 };
    });
  }
  const byDay = new Map(rows.filter((r) => r.data !== undefined).map((r) => [String(r.data), Number(r.total)]));
  const days = daysBetween(range.initialDate, range.finalDate);
  if (days === null || days.length > MAX_FILLED_DAYS) return [...byDay].map(([key, total]) => ({ key, kind: "day" as const, total }));
  return days.map((key) => ({ key, kind: "day" as const, total: byDay.get(key) ?? 0 }));
}

/** The day of a point's "dd/MM/yyyy" key (the API's format), as a local date. */
export function dayOfKey(key: string): Date {
  const [day, month, year] = key.split("/").map(Number);
  return new Date(year, month - 1, day);
}

/** Every day from one yyyy-MM-dd to another, as dd/MM/yyyy; null for a malformed or reversed range. */
function daysBetween(initialDate: string, finalDate: string): string[] | null {
  const start = new Date(`${initialDate}T12:00:00Z`);
  const end = new Date(`${finalDate}T12:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return null;
  const days: string[] = [];
  for (const d = start; d <= end && days.length <= MAX_FILLED_DAYS; d.setUTCDate(d.getUTCDate() + 1)) {
    days.push(d.toISOString().slice(0, 10).split("-").reverse().join("/"));
  }
  return days;
}
