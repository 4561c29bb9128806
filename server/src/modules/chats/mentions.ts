/** A letter or digit right after the name means the text names someone else ("@Ana" in "@Anabela"). */
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * The members a message mentions as `@Name` (whole name, any case). At each `@` the longest
 * matching name wins, so "@Ana Souza" mentions Ana Souza and not also a member named Ana.
 */
export function mentionedMembers(text: string, members: { userId: number; name: string }[]): number[] {
  const lower = text.toLocaleLowerCase();
  const byLength = members
    .map((m) => ({ userId: m.userId, name: m.name.trim().toLocaleLowerCase() }))
    .filter((m) => m.name !== "")
    .sort((a, b) => b.name.length - a.name.length);
  const found = new Set<number>();
  for (let at = lower.indexOf("@"); at >= 0; at = lower.indexOf("@", at + 1)) {
    const rest = lower.slice(at + 1);
    const hit = byLength.find((m) => rest.startsWith(m.name) && !WORD_CHAR.test(rest.charAt(m.name.length)));
    if (hit) found.add(hit.userId);
  }
  return [...found];
}
