/** Today's date as YYYY-MM-DD in the server's time zone. */
export function today(now = new Date()) {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, "0");
  const d = String(now.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export function addDays(date: string, days: number) {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A company is usable through its due date; inactive companies are treated as expired. */
export function isCompanyExpired(company: { dueDate: string | null; status: boolean }, now = new Date()) {
  if (!company.status) return true;
  return company.dueDate !== null && company.dueDate < today(now);
}
