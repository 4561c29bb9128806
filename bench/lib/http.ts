import http from "node:http";
import { io as ioClient, type Socket } from "socket.io-client";
import { BENCH_PASSWORD } from "../dataset/build";

/**
 * A keep-alive agent shared by the load generators (the default agent would open a socket per
 * request). An idle socket is closed after 30 s, before the server's keep-alive timeout (72 s,
 * Fastify's default) can close it just as a request is written to it ("socket hang up"): after a
 * backlog on PGlite, the inbound part's repeats reused sockets idle for about that long.
 */
export const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 30_000 });

export interface Reply<T = any> {
  status: number;
  body: T;
}

/**
 * Opens `count` keep-alive sockets to the server before a timed run, so the run measures requests
 * rather than connection setup: a server whose event loop is saturated admits about one new
 * connection per turn of the loop. On PGlite, where the loop also runs the database, the first
 * requests of a full-speed run on new sockets waited up to 8 s (bench/README,
 * Conclusions, "PGlite's prepared statements").
 */
export async function openSockets(base: string, count: number) {
  await Promise.all(Array.from({ length: count }, () => request(base, "GET", "/version")));
}

/** One JSON request over the keep-alive agent. */
export function request<T = any>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Reply<T>> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { accept: "application/json" };
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const req = http.request({ agent, method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        let parsed: unknown = text;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, body: parsed as T });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(payload);
  });
}

export async function api<T = any>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await request<T>(base, method, path, body, token);
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Access tokens of bench users, one login each per server run: a login closes the user's other
 * sessions (and their sockets), so every part asks here instead of logging in again.
 */
export class Sessions {
  private tokens = new Map<string, { token: string; at: number }>();
  constructor(private readonly base: string) {}

  async token(email: string): Promise<string> {
    const cached = this.tokens.get(email);
    // access tokens last 15 minutes; take a new one well before
    if (cached && Date.now() - cached.at < 10 * 60_000) return cached.token;
    const body = await api<{ token: string }>(this.base, "POST", "/auth/login", { email, password: BENCH_PASSWORD });
    this.tokens.set(email, { token: body.token, at: Date.now() });
    return body.token;
  }
}

/** A socket as the web client opens it: token in the query, usable after the server's `ready`. */
export function connectSocket(url: string, token: string, timeoutMs = 15_000): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = ioClient(url, { transports: ["websocket"], query: { token }, reconnection: false, forceNew: true });
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error("socket: no ready event"));
    }, timeoutMs);
    socket.once("ready", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("connect_error", (err) => {
      clearTimeout(timer);
      socket.close();
      reject(err);
    });
  });
}
