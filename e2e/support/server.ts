import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migratedPglite } from "../../server/src/test/pgliteTemplate";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const ADMIN = { email: "admin@admin.com", password: "e2e-admin-pass" };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** A fresh PostgreSQL database when DATABASE_URL is set (dropped afterwards); PGlite in a temp DATA_DIR otherwise. */
async function freshDatabase() {
  const base = process.env.DATABASE_URL;
  if (!base) return {};
  const { default: pg } = await import("pg");
  const name = `balcao_e2e_${crypto.randomBytes(5).toString("hex")}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Runs the built server (buildApp.ts) on plain Node on a free port, serving the built web app; `extraEnv` adds configuration. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-e2e-"));
  const db = await freshDatabase();
  const env: Record<string, string> = { PATH: process.env.PATH!, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn", ...extraEnv };
  if (db.url) env.DATABASE_URL = db.url;
  else {
    // the embedded database starts as a migrated copy, not an empty cluster to create and migrate
    await fs.mkdir(path.join(dataDir, "pglite"));
    const untar = spawnSync("tar", ["-xf", await migratedPglite(), "-C", path.join(dataDir, "pglite")], { encoding: "utf8" });
    if (untar.status !== 0) throw new Error(`cannot unpack the embedded database: ${untar.stderr}`);
  }
  const child: ChildProcess = spawn(process.execPath, ["--enable-source-maps", "server/dist/main.js"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!/is listening/.test(output)) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      await db.drop?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
