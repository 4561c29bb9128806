/** Deeper than any form or any channel's payload nests: code that prints such a value (String(), a template) overflows the stack. */
export const MAX_JSON_DEPTH = 64;

/** The dotted path of the first value nested deeper than `max` arrays or objects, or null. */
export function tooDeepPath(value: unknown, max = MAX_JSON_DEPTH): string | null {
  // a loop, not recursion, for the same reason
  const pending: Array<[unknown, string, number]> = [[value, "", 0]];
  while (pending.length) {
    const [item, path, depth] = pending.pop()!;
    if (item === null || typeof item !== "object") continue;
    if (depth >= max) return path;
    for (const [key, child] of Object.entries(item)) pending.push([child, path ? `${path}.${key}` : key, depth + 1]);
  }
  return null;
}
