import crypto from "node:crypto";
import { openDatabase, type Database } from "../../server/src/db/client";
import { seed } from "../../server/src/setup/seed";
import { hashPassword } from "../../server/src/modules/auth/passwords";
import type { BenchDatabase } from "../lib/databases";
import type { Size } from "../lib/options";
import { readManifest, type Manifest } from "./manifest";
import { planFor, totals } from "./shape";
import { companyStatements, planTable, sequenceStatements, type Bases } from "./sqlCompanies";
import { messageStatement, ticketStatements, ticketTagStatement, trackingStatement } from "./sqlConversations";

/** Every bench user (the seeded super admin too) signs in with this password. */
export const BENCH_PASSWORD = "bench-pass-123";
export const SUPER_ADMIN = "admin@admin.com";

export interface BuiltDataset {
  size: Size;
  manifest: Manifest;
  seconds: number;
  log: string[];
}

const TICKET_CHUNK = 50_000;
/** Tickets per message statement (about 100k–400k messages each). */
const MESSAGE_CHUNK = 20_000;

async function maxId(db: Database, table: string) {
  const [row] = await db.query<{ m: number | null }>(`select max(id) m from ${table}`);
  return Number(row.m ?? 0);
}

function chunks(from: number, to: number, size: number) {
  const list: { from: number; to: number }[] = [];
  for (let lo = from; lo <= to; lo += size) list.push({ from: lo, to: Math.min(to, lo + size - 1) });
  return list;
}

/** Runs statements with at most `parallel` at a time (PostgreSQL has a pool; PGlite runs one at a time anyway). */
async function runAll(db: Database, statements: string[], parallel: number) {
  const queue = [...statements];
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let s = queue.shift(); s; s = queue.shift()) await db.query(s);
    }),
  );
}

/**
 * Fills an empty database the way the app would have: the app's own migrations and first-start
 * seed, then every company's rows in bulk SQL (INSERT … SELECT generate_series), then VACUUM ANALYZE.
 */
export async function buildDataset(size: Size, target: BenchDatabase, say: (line: string) => void): Promise<BuiltDataset> {
  const started = Date.now();
  const log: string[] = [];
  const step = async <T>(label: string, fn: () => Promise<T>) => {
    const t0 = Date.now();
    const result = await fn();
    const line = `${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`;
    log.push(line);
    say(`  ${line}`);
    return result;
  };
  const db = await openDatabase({ url: target.url, pgliteDir: target.pgliteDir });
  try {
    await step("migrations and seed", async () => {
      await db.migrate();
      await seed(db.db, { adminEmail: SUPER_ADMIN, adminPassword: BENCH_PASSWORD });
    });
    const plan = planFor(size);
    const [benchPlan] = await db.query<{ id: number }>(`insert into plans (name, users, connections, queues, value) values ('Plano Bench', 1000, 1000, 100, 0) returning id`);
    const bases: Bases = {
      company: await maxId(db, "companies"),
      contact: await maxId(db, "contacts"),
      ticket: await maxId(db, "tickets"),
      queue: await maxId(db, "queues"),
      user: await maxId(db, "users"),
      whatsapp: await maxId(db, "whatsapps"),
      tag: await maxId(db, "tags"),
    };
    const now = `'${new Date().toISOString()}'::timestamptz`;
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const parallel = target.backend === "postgres" ? 2 : 1;
    await step("companies, people, connections, contacts", async () => {
      for (const s of planTable(plan, bases)) await db.query(s);
      for (const s of companyStatements({ planId: benchPlan.id, passwordHash, tokenSalt: crypto.randomBytes(8).toString("hex"), now })) await db.query(s);
    });
    const last = bases.ticket + totals(plan).tickets;
    await step("tickets", () =>
      runAll(
        db,
        chunks(bases.ticket + 1, last, TICKET_CHUNK).map((r) => ticketStatements(now, r)),
        parallel,
      ),
    );
    // the trigram index takes bulk inserts about twice as fast through a pending list of PostgreSQL's
    // default size (4 MB, against the app's 1 MB), flushed at the end; then it gets the app's options back
    const bodyIndex = "messages_company_body_trgm_idx";
    const [{ reloptions }] = await db.query<{ reloptions: string[] | null }>(`select reloptions from pg_class where oid = '${bodyIndex}'::regclass`);
    await db.query(`alter index ${bodyIndex} set (gin_pending_list_limit = 4096)`);
    await step("messages", () => runAll(db, chunks(bases.ticket + 1, last, MESSAGE_CHUNK).map(messageStatement), parallel));
    await step("message text index", async () => {
      await db.query(`select gin_clean_pending_list('${bodyIndex}'::regclass)`);
      await db.query(reloptions?.length ? `alter index ${bodyIndex} set (${reloptions.join(", ")})` : `alter index ${bodyIndex} reset (gin_pending_list_limit)`);
    });
    await step("ticket tags and trackings", () => runAll(db, [ticketTagStatement(), trackingStatement()], parallel));
    await step("counters compacted, sequences, vacuum analyze, checkpoint", async () => {
      // The triggers' counters (dashboard_days, ticket_counts) took every row of the bulk load as
      // an update inside one transaction, so none of their dead versions could be pruned: the large
      // dataset's dashboard_days came out 44 MB of index at 8% leaf density and 39 MB of heap for
      // 44,288 rows. In the app each change commits alone and the unique check marks the old index
      // entries dead; 75,000 such single updates of 15,000 rows left the same index 56% dense
      // (bench/README, Conclusions, "Counts and totals kept by triggers"). Rewritten here,
      // they are what a running app would have.
      await db.query("vacuum full dashboard_days, ticket_counts");
      for (const s of sequenceStatements) await db.query(s);
      await db.query("vacuum analyze");
      // the bulk load's dirty pages are written now: otherwise the checkpoint that writes them
      // comes during the first measured part, and its writes and fsyncs are measured with it
      if (target.backend === "postgres") await db.query("checkpoint");
    });
    const manifest = await step("manifest", () => readManifest(db));
    await db.query("drop table bench_plan");
    return { size, manifest, seconds: (Date.now() - started) / 1000, log };
  } finally {
    await db.close();
  }
}
