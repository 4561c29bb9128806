import http from "node:http";
import https from "node:https";
import net from "node:net";
import path from "node:path";
import { AddressNotAllowedError, bareHost, guardedLookup, isPublicAddress } from "../../http/publicAddress";
import { extensionFor } from "../../media/store";

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

const mimeOfHeader = (contentType: string) => contentType.split(";")[0].trim().toLowerCase() || "application/octet-stream";

/**
 * A file a bot sent by its address (a Typebot image, video or audio), fetched as outgoing requests
 * are: guarded and bounded. `accepts` checks the answer's content type before its body is read
 * (a video address that answers a web page is refused at once). A name without an extension gets
 * its type's.
 */
export async function fetchFile(url: string, allowPrivate: boolean, maxBytes = 16 * 1024 * 1024, accepts?: (mimetype: string) => boolean) {
  const check = accepts ? (contentType: string) => accepts(mimeOfHeader(contentType)) : undefined;
  const { data, contentType } = await requestRaw({ url, method: "GET", allowPrivate, headers: { accept: "*/*" } }, maxBytes, check);
  const mimetype = mimeOfHeader(contentType);
  let name = decodeURIComponent(new URL(url).pathname.split("/").pop() || "file").slice(0, 120);
  if (!path.extname(name)) name += extensionFor(mimetype);
  return { data, mimetype, filename: name };
}

function requestRaw(req: JsonRequest, maxBytes: number, accepts?: (contentType: string) => boolean): Promise<{ status: number; data: Buffer; contentType: string }> {
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
        if (status >= 200 && status < 300 && accepts && !accepts(String(response.headers["content-type"] ?? ""))) {
          response.destroy();
          return reject(new IntegrationCallError("unexpected content type", status));
        }
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
    request.on("error", (err) =>
      reject(err instanceof IntegrationCallError ? err : new IntegrationCallError((err as Error).name === "AbortError" || (err as Error).name === "TimeoutError" ? "timeout" : (err as Error).message.split("\n")[0])),
    );
    request.end(payload);
  });
}
