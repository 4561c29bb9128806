/** The text with `token` put in place of the selection (or at the end when there is none). */
export function insertAt(text: string, token: string, start: number | null | undefined, end: number | null | undefined) {
  const from = start ?? text.length;
  const to = end ?? from;
  return { text: text.slice(0, from) + token + text.slice(to), cursor: from + token.length };
}
