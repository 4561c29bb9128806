/** The 24-hour customer-service window of a Cloud API ticket, as the screen shows it. */

/** Milliseconds left until the window closes (0 once closed); null when the ticket has no window. */
export function windowLeft(endsAt: string | null | undefined, now: number): number | null {
  if (!endsAt) return null;
  return Math.max(0, Date.parse(endsAt) - now);
}

/** Hours and minutes left, rounded up to the minute. */
export function hoursAndMinutes(ms: number): { hours: number; minutes: number } {
  const total = Math.ceil(ms / 60_000);
  return { hours: Math.floor(total / 60), minutes: total % 60 };
}

const VARIABLE = /\{\{\s*(\d{1,2})\s*\}\}/g;

/** How many positional variables ({{1}}, {{2}}…) a template text has. */
export const variableCount = (text: string | undefined) => Math.max(0, ...[...(text ?? "").matchAll(VARIABLE)].map((m) => Number(m[1])));

/** The text with each {{n}} replaced by the n-th value, left as it is while that value is blank. */
export const fillVariables = (text: string, values: string[]) => text.replace(VARIABLE, (whole, n: string) => values[Number(n) - 1]?.trim() || whole);
