import type { TFunction } from "i18next";

/** yyyy-MM-dd of a local date. */
export function localDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
}

/** The quick ranges: the last N days up to today, or the current month. */
export const QUICK_RANGES = [
  { id: "last7", days: 7 },
  { id: "last30", days: 30 },
  { id: "last90", days: 90 },
  { id: "last365", days: 365 },
  { id: "thisMonth", days: 0 },
] as const;

export function quickRange(days: number, today = new Date()): { from: string; to: string } {
  if (days === 0) return { from: localDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: localDay(today) };
  return { from: localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days + 1)), to: localDay(today) };
}

/** Seconds as "45s", "3min 20s" or "2h 05min"; "—" when nothing was measured. */
export function formatSeconds(seconds: number | null, t: TFunction): string {
  if (seconds === null) return "—";
  const s = Math.round(seconds);
  if (s < 60) return t("reports.duration.seconds", { s });
  if (s < 3600) return t("reports.duration.minutes", { m: Math.floor(s / 60), s: String(s % 60).padStart(2, "0") });
  return t("reports.duration.hours", { h: Math.floor(s / 3600), m: String(Math.floor((s % 3600) / 60)).padStart(2, "0") });
}

/** 0–1 as a whole percentage; "—" when there is nothing to share. */
export const formatShare = (share: number | null) => (share === null ? "—" : `${Math.round(share * 100)}%`);
