import { sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { command } from "../events/command";
import type { InboundMessage } from "./contract";
import { rowsOf } from "./sqlRows";
import { storableText } from "./storableText";

/** Keys whose values a dead letter never keeps: credentials, signatures, media decryption keys. */
const SECRET_KEY = /token|secret|passw|authorization|cookie|signature|mediakey|privatekey|api_?key/i;
const MAX_TEXT = 4_000;
const MAX_ITEMS = 100;
const MAX_DEPTH = 12;
const MAX_PAYLOAD = 64_000;

/** A text the database can hold, a NUL shown as ␀ (a dead letter is read to see what came). */
function visibleText(text: string) {
  const shown = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)` : text;
  return storableText(shown.replace(/\u0000/g, "\u2400"));
}

/** A copy of `value` a jsonb column takes: bytes as their size, secrets out, long texts and lists cut. */
function keepable(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return visibleText(value);
  if (typeof value === "bigint") return value.toString();
  if (value === null || typeof value !== "object") return typeof value === "function" || typeof value === "symbol" ? undefined : value;
  if (value instanceof Uint8Array || value instanceof ArrayBuffer) return { bytes: value.byteLength };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (depth >= MAX_DEPTH) return "…";
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => keepable(item, depth + 1) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const name = visibleText(key);
    out[name] = SECRET_KEY.test(key) && child !== null && child !== undefined ? "[redacted]" : keepable(child, depth + 1);
  }
  return out;
}

/** What a dead letter keeps of a delivery: the channel's own payload, or the message as the pipeline got it. */
export function deadLetterPayload(message: InboundMessage): unknown {
  const source = message.raw ?? { ...message, media: message.media ? { filename: message.media.filename, mimetype: message.media.mimetype, bytes: message.media.data.byteLength } : undefined };
  const kept = keepable(source);
  const json = JSON.stringify(kept) ?? "null";
  return json.length > MAX_PAYLOAD ? { truncated: true, json: json.slice(0, MAX_PAYLOAD) } : kept;
}

/**
 * What went wrong, in a line an admin can read: the innermost cause's code and message. The
 * query builder's wrapper repeats the statement and its parameters (the customer's text, ids):
 * never kept.
 */
export function failureOf(err: unknown): { code: string; message: string } {
  let e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown } | undefined;
  while (e && typeof e.cause === "object" && e.cause !== null) e = e.cause as typeof e;
  const code = typeof e?.code === "string" && e.code ? e.code : typeof e?.name === "string" && e.name ? e.name : "Error";
  const full = typeof e?.message === "string" ? e.message : String(err);
  const message = full.startsWith("Failed query") ? "Failed query" : full.split(/\r?\n|\bparams:/)[0];
  return { code: storableText(code).slice(0, 64), message: storableText(message).trim().slice(0, 300) || code };
}

/**
 * Keeps a customer's message that could not be stored, once per connection and external id (a
 * repeat updates it). Answers the dead letter's id; throws when even that cannot be written.
 */
export async function keepDeadLetter(ctx: AppContext, whatsapp: { id: number; companyId: number }, message: InboundMessage, err: unknown) {
  const failure = failureOf(err);
  const row = await command(ctx, async (tx, events) => {
    const [kept] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into dead_letters (company_id, whatsapp_id, channel, external_id, error_code, error_message, payload)
          values (${whatsapp.companyId}::int, ${whatsapp.id}::int,
            coalesce((select w.channel from whatsapps w where w.company_id = ${whatsapp.companyId}::int and w.id = ${whatsapp.id}::int), ''),
            ${storableText(message.externalId)}::text, ${failure.code}::text, ${failure.message}::text, ${JSON.stringify(deadLetterPayload(message))}::jsonb)
          on conflict (whatsapp_id, external_id) do update
            set error_code = excluded.error_code, error_message = excluded.error_message, payload = excluded.payload, created_at = excluded.created_at
          returning id`,
    );
    const data = { deadLetterId: kept.id, whatsappId: whatsapp.id, errorCode: failure.code };
    events.add({ type: "deadLetter.created", companyId: whatsapp.companyId, stream: `deadLetter:${kept.id}`, data, transient: { deadLetter: { id: kept.id } } });
    return kept;
  });
  ctx.log?.error({ whatsappId: whatsapp.id, deadLetterId: row.id, code: failure.code }, "inbound message kept as a dead letter");
  return { id: row.id };
}
