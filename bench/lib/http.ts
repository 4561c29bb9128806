import { Pool } from "undici";
import { io as ioClient, type Socket } from "socket.io-client";
import { BENCH_PASSWORD } from "../dataset/build";

/**
 * The load generators' keep-alive connections, one pool per server. undici (Node's own fetch
 * engine) costs the generator about a third of what node:http's agent did per request, and the
 * generator shares the machine's two cores with the server it measures (bench/README, session 21).
 * An idle connection is closed after 30 s, before the server's keep-alive timeout (72 s, Fastify's
 * default) can close it just as a request is written to it: after a backlog on PGlite, the inbound
 * part's repeats reused connections idle for about that long.
 */
const pools = new Map<string, Pool>();
function poolFor(origin: string) {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, { connections: 512, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 30_000 });
    pools.set(origin, pool);
  }
  return pool;
}

export interface Reply<T = any> { status: number; body: T }

/**
 * Opens `count` keep-alive connections to the server before a timed run, so the run measures
 * requests rather than connection setup: a server whose event loop is saturated admits about one
 * new connection per turn of the loop. On PGlite, where the loop also runs the database, the first
 * requests of a full-speed run on new connections waited up to 8 s (bench/README, session 15).
 */
export async function openSockets(base: string, count: number) {
  await Promise.all(Array.from({ length: count }, () => request(base, "GET", "/version")));
}

/** One JSON request over the server's keep-alive pool. */
export async function request<T = any>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Reply<T>> {
  const url = new URL(path, base);
  const headers: Record<string, string> = { accept: "application/json" };
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await poolFor(url.origin).request({ method: method as "GET", path: url.pathname + url.search, headers, body: payload });
  const text = await res.body.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body: parsed as T };
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
