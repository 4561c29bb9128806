import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Backend } from "./options";

/** Where one benchmark's data lives: a dedicated PostgreSQL database, or a PGlite folder. */
export interface BenchDatabase {
  backend: Backend;
  /** DATA_DIR of the server (media, secrets; PGlite's files under pglite/). */
  dataDir: string;
  /** The PostgreSQL database's URL; none for PGlite. */
  url?: string;
  pgliteDir?: string;
  /** Plain SQL while the server is not holding the database (always possible on PostgreSQL). */
  drop(): Promise<void>;
}

async function adminQuery(baseUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(backend: Backend, pgBase: string, keep: boolean): Promise<BenchDatabase> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-bench-"));
  if (backend === "pglite") {
    return {
      backend,
      dataDir,
      pgliteDir: path.join(dataDir, "pglite"),
      drop: async () => {
        if (!keep) await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `balcao_bench_${crypto.randomBytes(5).toString("hex")}`;
  const base = new URL(pgBase);
  base.pathname = "/postgres";
  await adminQuery(base.toString(), `create database ${name}`);
  const url = new URL(base.toString());
  url.pathname = `/${name}`;
  return {
    backend,
    dataDir,
    url: url.toString(),
    drop: async () => {
      if (keep) return;
      await adminQuery(base.toString(), `drop database if exists ${name} with (force)`);
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A short-lived PostgreSQL client for checks and EXPLAINs while the server runs. */
export async function withPg<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
