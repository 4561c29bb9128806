import { daysUntil, dueDateTint, type DueDateTint } from "@balcao/common";

/** Today in the browser's time zone, YYYY-MM-DD. */
export function localToday(now = new Date()) {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

export const tintOf = (dueDate: string | null): DueDateTint => dueDateTint(dueDate ? daysUntil(dueDate, localToday()) : null);

/** Row backgrounds of section 4's tints, readable in the light and the dark theme. */
export const TINT_COLORS: Record<Exclude<DueDateTint, null>, string> = {
  yellow: "rgba(255, 235, 59, 0.35)",
  orange: "rgba(255, 152, 0, 0.35)",
  red: "rgba(244, 67, 54, 0.35)",
};
