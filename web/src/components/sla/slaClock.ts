import type { TicketSla } from "@balcao/common";

/** Near breach: less than this share of the target left, or NEAR_MAX_MINUTES, whichever is smaller. */
const NEAR_SHARE = 0.2;
const NEAR_MAX_MINUTES = 15;

export type SlaLevel = "ok" | "near" | "breached";

export interface SlaState {
  kind: "firstResponse" | "resolution";
  dueAt: string;
  /** Whole minutes left (wall clock), negative once past due. */
  minutesLeft: number;
  level: SlaLevel;
}

/**
 * The target a ticket is racing now: the first response until someone answered, then the
 * resolution; null without one. Minutes are wall-clock, so outside business hours they overstate
 * the business time left, never understate it.
 */
export function slaState(sla: TicketSla | null | undefined, now: number): SlaState | null {
  if (!sla) return null;
  const racing = sla.firstResponseDueAt && !sla.firstResponseAt ? ("firstResponse" as const) : sla.resolutionDueAt ? ("resolution" as const) : null;
  if (!racing) return null;
  const dueAt = racing === "firstResponse" ? sla.firstResponseDueAt! : sla.resolutionDueAt!;
  const target = (racing === "firstResponse" ? sla.firstResponseMinutes : sla.resolutionMinutes) ?? 0;
  const left = (Date.parse(dueAt) - now) / 60_000;
  const minutesLeft = left >= 0 ? Math.floor(left) : -Math.ceil(-left);
  const level: SlaLevel = left <= 0 ? "breached" : left < Math.min(target * NEAR_SHARE, NEAR_MAX_MINUTES) ? "near" : "ok";
  return { kind: racing, dueAt, minutesLeft, level };
}

/** Compact time left: "12 min", "2 h 5 min", "3 d 4 h"; "-5 min" once past due. */
export function formatTimeLeft(minutes: number): string {
  const sign = minutes < 0 ? "-" : "";
  const m = Math.abs(minutes);
  if (m < 60) return `${sign}${m} min`;
  if (m < 1440) return `${sign}${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ""}`;
  const hours = Math.floor((m % 1440) / 60);
  return `${sign}${Math.floor(m / 1440)} d${hours ? ` ${hours} h` : ""}`;
}
