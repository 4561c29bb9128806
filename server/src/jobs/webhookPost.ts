import crypto from "node:crypto";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { AddressNotAllowedError, bareHost, guardedLookup, isPublicAddress } from "../http/publicAddress";

export interface WebhookPost {
  url: string;
  secret: string;
  eventId: number;
  eventType: string;
  body: string;
}

/** What one try gave: the receiver's status code, or the reason none came (first line, no secrets). */
export type PostOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/** `sha256=<hex of HMAC-SHA256(secret, body)>`, what a receiver recomputes over the raw body. */
export const signatureOf = (secret: string, body: string) => `sha256=${crypto.createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;

const firstLine = (err: unknown) => {
  const e = err as { code?: string; message?: string; name?: string };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "timeout";
  const text = `${e?.code && !String(e.message).includes(e.code) ? `${e.code}: ` : ""}${e?.message ?? "failed"}`;
  return text.split("\n", 1)[0].slice(0, 300);
};

/**
 * POSTs one delivery, signed, within `timeoutMs` (the answer's body included). Never follows a
 * redirect; a 2xx is success. The connection's address is checked against private ranges.
 */
export function postWebhook(post: WebhookPost, opts: { timeoutMs: number; allowPrivate: boolean }): Promise<PostOutcome> {
  const url = new URL(post.url);
  const host = bareHost(url.hostname);
  if (!opts.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
    return Promise.resolve({ ok: false, status: null, error: new AddressNotAllowedError(host).message });
  }
  const payload = Buffer.from(post.body, "utf8");
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: "POST",
        signal: AbortSignal.timeout(opts.timeoutMs),
        lookup: guardedLookup(opts.allowPrivate) as never,
        headers: {
          "content-type": "application/json",
          "content-length": payload.length,
          "user-agent": "Balcao-Webhooks/1",
          "x-balcao-event": post.eventType,
          "x-balcao-event-id": String(post.eventId),
          "x-balcao-signature": signatureOf(post.secret, post.body),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // the answer is read to its end (the timeout still applies) and thrown away
        response.on("data", () => undefined);
        response.on("error", (err) => resolve({ ok: false, status, error: firstLine(err) }));
        response.on("end", () => resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` }));
        response.on("close", () => {
          if (!response.complete) resolve({ ok: false, status, error: "connection closed before the answer ended" });
        });
      },
    );
    request.on("error", (err) => resolve({ ok: false, status: null, error: firstLine(err) }));
    request.end(payload);
  });
}
