/** Names of the fields `changes` sets to a value other than `before`'s, for an event's `changed` list. */
export function changedFields(before: object, changes: object): string[] {
  const was = before as Record<string, unknown>;
  return Object.entries(changes)
    .filter(([key, value]) => value !== undefined && key !== "updatedAt" && !sameValue(was[key], value))
    .map(([key]) => key);
}

function sameValue(a: unknown, b: unknown) {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
