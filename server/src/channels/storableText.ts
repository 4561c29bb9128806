import type { ChannelEvent, InboundMessage } from "./contract";

/** A NUL, or half of a surrogate pair without its other half: PostgreSQL's text and JSON refuse both. */
export const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const EVERY_UNSTORABLE = new RegExp(UNSTORABLE.source, "g");

/**
 * A channel's text as the database can hold it: NULs dropped, a lone surrogate replaced by
 * U+FFFD (as a UTF-8 decoder would). Customers' phones and channels send such text now and
 * then; refusing it would make the channel deliver the message again forever.
 */
export function storableText(text: string): string {
  if (!UNSTORABLE.test(text)) return text;
  return text.replace(EVERY_UNSTORABLE, (c) => (c === "\u0000" ? "" : "\ufffd"));
}

const storableOrSame = <T>(value: T): T => (typeof value === "string" ? (storableText(value) as T) : value);

/** Every text of a customer's message (its file's bytes stay as they are). */
export function storableInbound(message: InboundMessage): InboundMessage {
  const out = { ...message };
  for (const key of Object.keys(out) as (keyof InboundMessage)[]) {
    if (key !== "raw") (out as Record<string, unknown>)[key] = storableOrSame(out[key]);
  }
  if (out.media) out.media = { ...out.media, filename: storableText(out.media.filename), mimetype: storableText(out.media.mimetype) };
  return out;
}

/** Every text of a channel's event. */
export function storableEvent(event: ChannelEvent): ChannelEvent {
  if (event.type === "message") return { type: "message", message: storableInbound(event.message) };
  const out = { ...event } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) out[key] = storableOrSame(value);
  return out as ChannelEvent;
}
