import http from "node:http";
import https from "node:https";
import net from "node:net";
import { AddressNotAllowedError, bareHost, guardedLookup, isPublicAddress } from "../../http/publicAddress";

export const INTEGRATION_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 1024 * 1024;

/** An endpoint answered something other than 2xx JSON, or nothing: the call is tried again later. */
export class IntegrationCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "IntegrationCallError";
  }
}

export interface JsonRequest {
  url: string;
  method?: "POST" | "GET";
  /** Sent as it is (already JSON, or a form body with its content type in `headers`). */
  body?: string;
  headers?: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
}

/**
 * One request to an integration's endpoint, its answer read as JSON. Redirects are not followed
 * and private addresses are refused unless allowed (as outgoing webhooks). Errors carry no body.
 */
export async function requestJson<T = unknown>(req: JsonRequest): Promise<{ status: number; json: T }> {
  const { status, data } = await requestRaw(req, MAX_ANSWER_BYTES);
  const text = data.toString("utf8");
  try {
    return { status, json: (text.trim() ? JSON.parse(text) : {}) as T };
  } catch {
    throw new IntegrationCallError("answer is not JSON", status);
  }
}

/** A file a bot sent by its address (an image of Typebot's), fetched as outgoing requests are: guarded and bounded. */
export async function fetchFile(url: string, allowPrivate: boolean, maxBytes = 16 * 1024 * 1024) {
  const { data, contentType } = await requestRaw({ url, method: "GET", allowPrivate, headers: { accept: "*/*" } }, maxBytes);
  const name = decodeURIComponent(new URL(url).pathname.split("/").pop() || "file");
  return { data, mimetype: contentType.split(";")[0].trim() || "application/octet-stream", filename: name.slice(0, 120) };
}

function requestRaw(req: JsonRequest, maxBytes: number): Promise<{ status: number; data: Buffer; contentType: string }> {
  const url = new URL(req.url);
  const host = bareHost(url.hostname);
  if (!req.allowPrivate && net.isIP(host) && !isPublicAddress(host)) return Promise.reject(new IntegrationCallError(new AddressNotAllowedError(host).message));
  if (url.protocol !== "http:" && url.protocol !== "https:") return Promise.reject(new IntegrationCallError("unsupported address"));
  const payload = req.body === undefined ? undefined : Buffer.from(req.body, "utf8");
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: req.method ?? "POST",
        signal: AbortSignal.timeout(req.timeoutMs ?? INTEGRATION_TIMEOUT_MS),
        lookup: guardedLookup(req.allowPrivate) as never,
        headers: {
          accept: "application/json",
          "user-agent": "Balcao-Integrations/1",
          ...(payload ? { "content-type": "application/json", "content-length": String(payload.length) } : {}),
          ...req.headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) response.destroy(new IntegrationCallError("answer too large", status));
          else chunks.push(chunk);
        });
        response.on("error", (err) => reject(err instanceof IntegrationCallError ? err : new IntegrationCallError(err.message.split("\n")[0], status)));
        response.on("end", () => {
          if (status < 200 || status >= 300) return reject(new IntegrationCallError(`HTTP ${status}`, status));
          resolve({ status, data: Buffer.concat(chunks), contentType: String(response.headers["content-type"] ?? "") });
        });
      },
    );
    request.on("error", (err) => reject(err instanceof IntegrationCallError ? err : new IntegrationCallError((err as Error).name === "AbortError" || (err as Error).name === "TimeoutError" ? "timeout" : (err as Error).message.split("\n")[0])));
    request.end(payload);
  });
}
