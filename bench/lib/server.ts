import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BENCH_PASSWORD } from "../dataset/build";
import type { BenchDatabase } from "./databases";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface BenchServer {
  url: string;
  pid: number;
  /** Resident memory of the server process now, in MB. */
  rssMb(): number;
  /** What the server printed (warnings and errors only). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The real server process, as `npm start` runs it, with the timed jobs on; login limits raised for
 * the load. With BENCH_CPU_PROF=<dir>, the server writes a CPU profile there when it stops
 * (`diagnose/profile.ts` sums it).
 */
export async function startBenchServer(db: BenchDatabase): Promise<BenchServer> {
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH!,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: db.dataDir,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
    LOGIN_MAX_PER_IP: "1000000",
    LOGIN_MAX_FAILS_PER_EMAIL: "1000000",
    LOGIN_MAX_FAILS_PER_EMAIL_IP: "1000000",
  };
  if (db.url) env.DATABASE_URL = db.url;
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, "--import", "tsx", "server/src/main.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on("data", (d) => (output = (output + d).slice(-20_000)));
  const deadline = Date.now() + 120_000;
  while (!/is listening/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid!;
  return {
    url: `http://127.0.0.1:${port}`,
    pid,
    rssMb() {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
