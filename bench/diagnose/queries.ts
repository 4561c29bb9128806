/**
 * Which SQL each measured request runs, and how long each statement takes: builds a dataset on
 * PostgreSQL, runs the app in this process with every statement recorded, makes each request once
 * (after a warm-up call) and prints the statements; with --explain, EXPLAIN ANALYZE of the slowest;
 * with --plans, whether PostgreSQL keeps a generic plan for each prepared statement or plans it
 * again on every call (a custom plan each time costs the whole planning, which for a large
 * statement can take longer than running it).
 * With --repeat N, each read's statements run again N times, one after the other on one connection
 * (prepared where the app prepares them), and their average time is printed: the statements' own
 * cost, without the load generator or the server (what the bench's read paths cannot separate).
 *   node --import tsx bench/diagnose/queries.ts [small|medium|large|reference] [--explain] [--plans] [--repeat N]
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { loadConfig } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { buildDataset, BENCH_PASSWORD } from "../dataset/build";
import { createBenchDatabase } from "../lib/databases";
import { api, request } from "../lib/http";
import type { Size } from "../lib/options";
import { attendant, attendantList } from "../parts/reads";

interface Statement {
  text: string;
  values: unknown[];
  ms: number;
  name?: string;
}
let recording: Statement[] | null = null;

const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof first === "string" ? first : first?.text;
  const values = ((typeof first === "string" ? undefined : first?.values) ?? (Array.isArray(args[1]) ? args[1] : [])) as unknown[];
  const name = typeof first === "string" ? undefined : (first as { name?: string })?.name;
  const t0 = performance.now();
  const list = recording;
  const done = () => list && text && list.push({ text, values: values ?? [], ms: performance.now() - t0, name });
  // the pool calls with a callback, drizzle's transactions without one
  const last = args.length - 1;
  if (typeof args[last] === "function") {
    const callback = args[last] as (...a: unknown[]) => void;
    args[last] = (...a: unknown[]) => {
      done();
      callback(...a);
    };
  }
  const result = original.apply(this, args);
  if (result instanceof Promise) result.then(done, () => undefined);
  return result;
};

const size = (process.argv[2] ?? "small") as Size;
const explain = process.argv.includes("--explain");
const plans = process.argv.includes("--plans");
const repeatAt = process.argv.indexOf("--repeat");
const repeat = repeatAt > 0 ? Number(process.argv[repeatAt + 1]) : 0;
const database = await createBenchDatabase("postgres", process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432", false);
try {
  const { manifest } = await buildDataset(size, database, () => undefined);
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD: BENCH_PASSWORD, LOG_LEVEL: "silent" });
  const built = await buildApp(config, { logger: false, jobs: false });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  const company = manifest.companies[0];
  const token = (await api(base, "POST", "/auth/login", { email: company.adminEmail, password: BENCH_PASSWORD })).token as string;
  const w = company.whatsapps[0];
  const queues = encodeURIComponent(JSON.stringify(company.queueIds));
  let seq = 0;
  const inbound = (number: string) => () => request(base, "POST", `/sandbox/${w.id}/inbound`, { id: `DIAG-${seq++}`, number, body: "Preciso da segunda via do boleto" }, w.token);
  const get =
    (path: string, as = token) =>
    () =>
      request(base, "GET", path, undefined, as);
  const agent = attendant(company)!;
  const agentToken = (await api(base, "POST", "/auth/login", { email: agent.email, password: BENCH_PASSWORD })).token as string;
  const own = (status: string) => get(attendantList(agent.queueIds, status), agentToken);
  const cases: [string, () => Promise<unknown>][] = [
    ["inbound, new customer", inbound(`5597${Date.now() % 1e9}`)],
    ["inbound, known customer", inbound(company.contactNumbers[0])],
    ["GET /tickets pending", get(`/tickets?pageNumber=1&showAll=true&queueIds=${queues}&status=pending`)],
    ["GET /tickets pending, as an attendant", own("pending")],
    ["GET /tickets open, as an attendant", own("open")],
    ["GET /tickets search", get(`/tickets?pageNumber=1&showAll=true&queueIds=${queues}&searchParam=boleto`)],
    ["GET /messages page 1", get(`/messages/${manifest.target.openTicketIds[0]}?pageNumber=1`)],
    ["GET /contacts search", get(`/contacts?searchParam=silva&pageNumber=1`)],
    ["GET /dashboard", get(`/dashboard?days=30`)],
  ];
  const slow: Statement[] = [];
  const reads: [string, Statement[]][] = [];
  const prepared = new Map<string, Statement>();
  for (const [name, call] of cases) {
    await call(); // warm-up: prepared statements, caches
    recording = [];
    const t0 = performance.now();
    await call();
    const total = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 50));
    const statements: Statement[] = recording;
    recording = null;
    const dbMs = statements.reduce((a, s) => a + s.ms, 0);
    console.log(`\n## ${name}: ${statements.length} statements, ${dbMs.toFixed(1)} ms in the database, ${total.toFixed(1)} ms in all`);
    for (const s of statements) console.log(`  ${s.ms.toFixed(2).padStart(7)} ms  ${s.text.replace(/\s+/g, " ").slice(0, 160)}`);
    for (const s of statements) if (s.name) prepared.set(s.name, s);
    // the reads' statements (the inbound ones write)
    if (name.startsWith("inbound")) continue;
    const selects = statements.filter((s) => /^\s*(select|with)/i.test(s.text));
    slow.push(...selects.filter((s) => s.ms > 5));
    reads.push([name, selects]);
  }
  if (explain) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const seen = new Set<string>();
    for (const s of slow.sort((a, b) => b.ms - a.ms)) {
      if (seen.has(s.text) || seen.size >= 6) continue;
      seen.add(s.text);
      const plan = await client.query(`explain (analyze, buffers) ${s.text}`, s.values).catch((err: Error) => ({ rows: [{ "QUERY PLAN": `failed: ${err.message}` }] }));
      console.log(`\n## EXPLAIN ANALYZE (${s.ms.toFixed(1)} ms): ${s.text.replace(/\s+/g, " ")}\n  values ${JSON.stringify(s.values)}\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}`);
    }
    await client.end();
  }
  if (repeat > 0) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    console.log(`\n## Each read's statements, ${repeat} times on one connection: average ms per run`);
    for (const [name, statements] of reads) {
      const each = async () => {
        // prepared where the app prepares it (a search is planned for its word each time)
        for (const [i, s] of statements.entries()) await client.query({ name: s.name && `repeat-${name}-${i}`, text: s.text, values: s.values });
      };
      for (let i = 0; i < 20; i++) await each(); // warm-up: the kept plan is chosen after five calls
      const t0 = performance.now();
      for (let i = 0; i < repeat; i++) await each();
      console.log(`  ${((performance.now() - t0) / repeat).toFixed(2).padStart(6)} ms  ${name}`);
    }
    await client.end();
  }
  if (plans) {
    // each prepared statement 10 times on a fresh connection, in a transaction that is rolled back
    // (errors from running a write again are ignored: the plan is chosen before it runs)
    const client = new pg.Client({ connectionString: database.url, options: "-c jit=off" });
    await client.connect();
    await client.query("begin");
    for (const [name, s] of prepared) {
      for (let i = 0; i < 10; i++) {
        await client.query("savepoint run");
        await client.query({ name, text: s.text, values: s.values }).catch(() => undefined);
        await client.query("rollback to savepoint run");
      }
    }
    const counts = await client.query<{ name: string; generic_plans: string; custom_plans: string }>("select name, generic_plans, custom_plans from pg_prepared_statements");
    console.log("\n## Prepared statements, 10 calls each: plans kept (generic) or made again (custom)");
    for (const r of counts.rows) console.log(`  generic ${r.generic_plans.padStart(2)}, custom ${r.custom_plans.padStart(2)}  ${prepared.get(r.name)!.text.replace(/\s+/g, " ").slice(0, 140)}`);
    await client.query("rollback");
    await client.end();
  }
  await built.close();
} finally {
  await database.drop();
}
process.exit(0);
