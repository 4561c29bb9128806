/** How many months one period of each recurrence lasts (administration §4, '+ Vencimento'). */
export const RECURRENCE_MONTHS = { MENSAL: 1, BIMESTRAL: 2, TRIMESTRAL: 3, SEMESTRAL: 6, ANUAL: 12 } as const;

export type Recurrence = keyof typeof RECURRENCE_MONTHS;

/** Months of `recurrence`; an unknown or missing one counts as monthly. */
export const monthsOf = (recurrence: string | null | undefined) => RECURRENCE_MONTHS[(recurrence ?? "MENSAL") as Recurrence] ?? 1;

/**
 * `date` (YYYY-MM-DD) moved on by one period of `recurrence`. A day the target month lacks
 * becomes its last day: 31 January a month on is 28 (or 29) February.
 */
export function nextDueDate(date: string, recurrence: string | null | undefined): string {
  const [y, m, d] = date.split("-").map(Number);
  const months = m - 1 + monthsOf(recurrence);
  const year = y + Math.floor(months / 12);
  const month = months % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${year}-${String(month + 1).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
}
