import { oneLinePreview } from "../../../../components/whatsappText/whatsappFormat";
import type { QuickMessage } from "../types";

export const QUICK_REPLY_LABEL_MAX = 35;

/** The text after '/' when the input asks for quick replies ('/' and at least one more character). */
export function quickReplyTerm(input: string): string | null {
  return input.startsWith("/") && input.length > 1 ? input.slice(1).toLowerCase() : null;
}

/** Quick replies whose shortcode contains the term, those starting with it first. */
export function filterQuickReplies(list: QuickMessage[], term: string): QuickMessage[] {
  const matches = list.filter((q) => q.shortcode.toLowerCase().includes(term));
  const starts = (q: QuickMessage) => (q.shortcode.toLowerCase().startsWith(term) ? 0 : 1);
  return [...matches].sort((a, b) => starts(a) - starts(b) || a.shortcode.localeCompare(b.shortcode));
}

/** 'shortcode - message', cut at 35 characters with an ellipsis. */
export function quickReplyLabel(q: Pick<QuickMessage, "shortcode" | "message">): string {
  const label = `${q.shortcode} - ${oneLinePreview(q.message)}`;
  return label.length > QUICK_REPLY_LABEL_MAX ? `${label.slice(0, QUICK_REPLY_LABEL_MAX)}...` : label;
}

/** The body to send: trimmed, and with the sender's name in bold on its own line when signing. */
export function composeBody(text: string, signature: string | null): string {
  const body = text.trim();
  if (!body) return "";
  return signature ? `*${signature}:*\n${body}` : body;
}

/** Something to send: a file, or text that is more than blanks (spec §5: an empty message is not sent). */
export function hasSomethingToSend(text: string, fileCount: number): boolean {
  return fileCount > 0 || text.trim() !== "";
}
