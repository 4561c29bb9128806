import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { io as ioClient, type Socket } from "socket.io-client";
import { loadConfig, type Config } from "../config";
import { buildApp, type BuiltApp, type BuildOptions } from "../app";
import { migratedPglite } from "./pgliteTemplate";

export const ADMIN = { email: "admin@admin.com", password: "admin-test-pass" };

/** A fresh PostgreSQL database per test app when DATABASE_URL is set; PGlite in memory otherwise. */
export async function freshDatabaseUrl(): Promise<{ url?: string; drop?: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return {};
  const { default: pg } = await import("pg");
  const name = `balcao_t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestApp {
  url: string;
  built: BuiltApp;
  config: Config;
  http: Http;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  build?: BuildOptions;
  /** Reuse this database instead of a fresh one (two processes on one database). */
  databaseUrl?: string;
  dataDir?: string;
}

export async function startTestApp(opts: StartOptions = {}): Promise<TestApp> {
  const db = opts.databaseUrl ? { url: opts.databaseUrl } : await freshDatabaseUrl();
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "balcao-test-")));
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "silent",
    LOGIN_MAX_PER_IP: "10000",
    LOGIN_MAX_FAILS_PER_EMAIL: "10000",
    LOGIN_MAX_FAILS_PER_EMAIL_IP: "10000",
    SIGNUP_MAX_PER_IP: "10000",
    ...(db.url ? { DATABASE_URL: db.url } : {}),
    ...opts.env,
  });
  const embedded = db.url ? {} : opts.build?.pgliteDir ? {} : { pgliteDir: "memory://", pgliteTemplate: new Blob([await fs.readFile(await migratedPglite())]) };
  const built = await buildApp(config, { logger: false, jobs: false, checkResponses: true, ...embedded, ...opts.build });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = built.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    built,
    config,
    http: new Http(url),
    async close() {
      await built.close();
      await db.drop?.();
      if (!opts.dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Minimal HTTP client against the running app: JSON in and out, optional bearer token and cookie. */
export class Http {
  constructor(readonly base: string) {}

  async request<T = any>(method: string, path: string, opts: { token?: string; body?: unknown; cookie?: string; headers?: Record<string, string> } = {}): Promise<Res<T>> {
    const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(this.base + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }

  get = <T = any>(path: string, token?: string) => this.request<T>("GET", path, { token });
  post = <T = any>(path: string, body: unknown, token?: string) => this.request<T>("POST", path, { body, token });
  put = <T = any>(path: string, body: unknown, token?: string) => this.request<T>("PUT", path, { body, token });
  del = <T = any>(path: string, token?: string) => this.request<T>("DELETE", path, { token });

  /** Logs in and returns the access token, the refresh cookie and the user. */
  async login(email: string, password: string) {
    const res = await this.post("/auth/login", { email, password });
    if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { token: res.body.token as string, user: res.body.user, cookie: refreshCookie(res.headers)! };
  }
}

export function refreshCookie(headers: Headers): string | undefined {
  const set = headers.getSetCookie().find((c) => c.startsWith("jrt="));
  return set?.split(";")[0];
}

let seq = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Signs up a new company through the public endpoint and logs its admin in. */
export async function signUpCompany(http: Http, overrides: Record<string, unknown> = {}) {
  const name = unique("Company ");
  const email = `${unique("owner")}@example.com`;
  const body = { name, email, phone: "(11) 99999-8888", password: "secret1", planId: 1, recurrence: "MENSAL", status: "t", campaignsEnabled: true, ...overrides };
  const res = await http.post("/companies/cadastro", body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const session = await http.login(String(body.email), String(body.password));
  return { company: res.body, ...session, email: String(body.email), password: String(body.password) };
}

export function connectSocket(url: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = ioClient(url, { transports: ["websocket"], query: { token }, reconnection: false, forceNew: true });
    const timer = setTimeout(() => reject(new Error("socket: no ready event")), 5_000);
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

/** Resolves with the next payload of `event` that passes `match`, or with null after `ms`. */
export function nextEvent<T = any>(socket: Socket, event: string, ms = 2_000, match: (payload: T) => boolean = () => true): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      resolve(null);
    }, ms);
    const handler = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, handler);
      resolve(payload);
    };
    socket.on(event, handler);
  });
}
