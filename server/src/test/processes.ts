import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ADMIN, Http } from "./harness";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const FAKES = path.join(root, "server/src/test/processFakes.ts");

/** What the processes of one test share: database, Redis, DATA_DIR (secrets, channel key, media). */
export interface Cluster {
  databaseUrl: string;
  redisUrl?: string;
  dataDir: string;
  /** Where the fake WhatsApp of every process writes what it sends (see ./processFakes.ts). */
  whatsappLog: string;
  leaseMs?: number;
  env?: Record<string, string>;
}

export interface ServerProcess {
  name: string;
  url: string;
  http: Http;
  pid: number;
  /** Everything the process wrote, for a failing test's message. */
  output(): string;
  /** SIGKILL: no shutdown of any kind, as a crash or an OOM kill. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();

/**
 * Starts a real server process (`node --import tsx server/src/main.ts`, as `npm start` does,
 * with the test fakes loaded first) on a free port, and waits until GET /healthz answers 200.
 */
export async function startServerProcess(cluster: Cluster, name: string, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const secret = (label: string) => crypto.createHash("sha256").update(`${cluster.dataDir}:${label}`).digest("base64url");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: cluster.dataDir,
    DATABASE_URL: cluster.databaseUrl,
    ...(cluster.redisUrl ? { REDIS_URL: cluster.redisUrl } : {}),
    JWT_SECRET: secret("jwt"),
    JWT_REFRESH_SECRET: secret("refresh"),
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "warn",
    LOGIN_MAX_PER_IP: "10000",
    LOGIN_MAX_FAILS_PER_EMAIL: "10000",
    LOGIN_MAX_FAILS_PER_EMAIL_IP: "10000",
    SIGNUP_MAX_PER_IP: "10000",
    BALCAO_TEST_WHATSAPP_LOG: cluster.whatsappLog,
    ...(cluster.leaseMs ? { BALCAO_TEST_LEASE_MS: String(cluster.leaseMs) } : {}),
    ...cluster.env,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "--import", FAKES, "server/src/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => (running.delete(child), resolve())));
  const url = `http://127.0.0.1:${port}`;
  const http = new Http(url);
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited while starting:\n${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > end) {
      child.kill("SIGKILL");
      throw new Error(`${name} did not become healthy in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    name,
    url,
    http,
    pid: child.pid!,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Kills whatever a test left running (its afterAll calls this). */
export async function killAll() {
  await Promise.all(
    [...running].map((child) => {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      return gone;
    }),
  );
}

/** Lines the processes' fake WhatsApp wrote: every message sent, by which process. */
export function sentByFakes(cluster: Cluster): { pid: number; jid: string; text: string; id: string }[] {
  if (!fs.existsSync(cluster.whatsappLog)) return [];
  return fs
    .readFileSync(cluster.whatsappLog, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something answers at a redis:// URL. */
export function reachable(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}
