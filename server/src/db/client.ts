import path from "node:path";
import { fileURLToPath } from "node:url";
import fs from "node:fs/promises";
import crypto from "node:crypto";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { allowPrepared, runPrepared } from "./pglitePrepared";
import { allowNamed } from "./namedStatements";
import { installJobTables } from "./jobTables";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * Runs one parameterized statement written by hand. With `prepared`, the database parses and plans
   * it once per connection (named after a hash of its text) and then only binds and runs it.
   */
  query<T = Record<string, unknown>>(text: string, values?: unknown[], opts?: { prepared?: boolean }): Promise<T[]>;
  /** Runs SQL for the job runner: several statements at once when there are no parameters. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  migrate(): Promise<void>;
  /** The embedded database's files as one archive, the template of another (PGlite only). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

const casing = "snake_case";
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const MIGRATION_LOCK = 7_240_001;

export class DatabaseError extends Error {}

const names = new Map<string, string>();
/** One name per distinct statement text, as the driver requires of prepared statements. */
function statementName(text: string) {
  let name = names.get(text);
  if (!name) names.set(text, (name = `balcao_${crypto.createHash("sha1").update(text).digest("hex").slice(0, 20)}`));
  return name;
}

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory for "memory://").
 * `pgliteTemplate`, a data directory dumped by PGlite, is what a new embedded database starts from
 * instead of an empty cluster (tests start hundreds of databases from one migrated copy).
 */
export async function openDatabase(opts: { url?: string; pgliteDir?: string; pgliteTemplate?: Blob; poolSize?: number }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  return openPglite(opts.pgliteDir ?? "memory://", opts.pgliteTemplate);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  pg.types.setTypeParser(1082, (v) => v); // date stays 'YYYY-MM-DD'
  // JIT compiling pays off for long analytic queries only; here it added ~50 ms to a search
  // Connections stay open once made (min = max). The driver's default closes one after 10 s idle;
  // the first burst after a lull then pays for a new backend, and each statement's first run on it
  // for planning, the catalog and the triggers' compilation.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, min: poolSize, connectionTimeoutMillis: 5_000, options: "-c jit=off" });
  pool.on("error", () => undefined); // idle client errors surface on the next query instead
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new DatabaseError(`Cannot reach the database at ${redact(url)}: ${(err as Error).message}`);
  }
  const db = drizzle(pool, { schema, casing }) as unknown as Db;
  allowNamed(db, casing, async (name, text, values) => (await pool.query({ name, text, values })).rows);
  return {
    db,
    kind: "postgres",
    async query(text, values, opts) {
      const r = opts?.prepared ? await pool.query({ name: statementName(text), text, values: values as unknown[] }) : await pool.query(text, values as unknown[]);
      return r.rows;
    },
    async executeSql(text, values) {
      const r = await pool.query(text, values as unknown[]);
      // a multi-statement string answers with one result per statement
      return Array.isArray(r) ? (r.at(-1) ?? { rows: [] }) : r;
    },
    async migrate() {
      // Several processes may start at once: one migrates, the others wait.
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migrate(drizzle(client, { casing: "snake_case" }), { migrationsFolder });
        await installJobTables((text) => client.query(text));
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string, template?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { btree_gin } = await import("@electric-sql/pglite/contrib/btree_gin");
  if (!dir.startsWith("memory://")) await fs.mkdir(dir, { recursive: true });
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create(dir, { parsers: { 1082: (v: string) => v }, extensions: { pg_trgm, btree_gin }, loadDataDir: template });
  } catch (err) {
    throw new DatabaseError(`Cannot open the embedded database in ${dir}: ${(err as Error).message}`);
  }
  allowPrepared(client);
  const db = drizzle(client, { schema, casing }) as unknown as Db;
  allowNamed(db, casing, async (name, text, values) => (await runPrepared(client, name, text, values))?.rows);
  return {
    db,
    kind: "pglite",
    async query(text, values, opts) {
      const r = (opts?.prepared && (await runPrepared(client, statementName(text), text, values ?? []))) || (await client.query(text, values as unknown[]));
      return r.rows as never[];
    },
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values as unknown[]);
      // PGlite takes several statements only through exec
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    async migrate() {
      await migrate(drizzle(client, { casing: "snake_case" }), { migrationsFolder });
      await installJobTables(async (text) => (await client.exec(text)).at(-1) ?? { rows: [] });
    },
    dumpDataDir: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}

function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(malformed URL)";
  }
}

/** A transaction of `Db`, as `db.transaction` hands it to its callback. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
