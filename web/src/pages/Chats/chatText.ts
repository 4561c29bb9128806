/** A piece of a message's text: plain, or a mention of a member ("@Name"). */
export interface TextSegment {
  text: string;
  mention: boolean;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Splits a message at the mentions of the given members (longest name first, so "@Ana Paula" beats "@Ana"). */
export function splitMentions(text: string, names: readonly string[]): TextSegment[] {
  const usable = [...new Set(names.map((n) => n.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (usable.length === 0 || !text.includes("@")) return [{ text, mention: false }];
  const pattern = new RegExp(`@(?:${usable.map(escape).join("|")})(?![\\p{L}\\p{N}_])`, "giu");
  const out: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > 0 && /[\p{L}\p{N}_]/u.test(text[at - 1])) continue; // an e-mail address, not a mention
    if (at > last) out.push({ text: text.slice(last, at), mention: false });
    out.push({ text: match[0], mention: true });
    last = at + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), mention: false });
  return out;
}

/** Blank text with no file is not sent. */
export const canSend = (text: string, file: File | null) => text.trim().length > 0 || file !== null;

/** The "@na" being typed just before the caret, with where it starts; null when the caret is not in a mention. */
export function mentionAt(text: string, caret: number): { query: string; start: number } | null {
  const match = /(^|\s)@([^\s@]{0,30})$/u.exec(text.slice(0, caret));
  if (!match) return null;
  return { query: match[2], start: caret - match[2].length - 1 };
}

/** Replaces the "@na" being typed with the member's full mention and a space; returns the new text and caret. */
export function insertMention(text: string, start: number, caret: number, name: string): { text: string; caret: number } {
  const mention = `@${name} `;
  return { text: text.slice(0, start) + mention + text.slice(caret), caret: start + mention.length };
}

/** Members whose name matches what is typed after "@" (case and accents ignored), at most `limit`. */
export function mentionCandidates<T extends { name: string }>(members: readonly T[], query: string, limit = 6): T[] {
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const q = fold(query);
  return members.filter((m) => fold(m.name).includes(q)).slice(0, limit);
}
