/** A PostgreSQL unique violation (23505), whether the driver or drizzle wrapped it; gives its constraint. */
export function uniqueViolation(err: unknown): { constraint: string } | null {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505") return { constraint: e.constraint ?? String(e.message ?? "") };
  }
  return null;
}
