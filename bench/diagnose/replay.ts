/**
 * Where the database's time goes in the inbound pipeline, statement by statement. Builds the
 * reference dataset on PostgreSQL and keeps a copy of it; runs inbound messages at full speed
 * (64 in flight) through the app in this process, recording every statement it sends; then runs
 * the recorded statements again, one at a time and in the same order, on a fresh copy
 * (asynchronous commit, so the disk's flushes are left out). Prints, per statement, its calls
 * and milliseconds per message, and the median call by batch size, which splits a statement's
 * cost into what each call costs and what each message adds.
 *
 * Each prepared statement's line also says how often it ran on a kept (generic) plan and how often
 * PostgreSQL planned it again.
 *
 * `--rate 200` records messages sent at that fixed rate instead (`--messages` of them, rounded up
 * to whole seconds), where few statements carry more than one message.
 *
 * `--variant file.sql` also runs the recording on copies that the file changed first (dropped an
 * index, a trigger, a foreign key), in the order plain, variant, variant, plain, so that what a
 * part of the schema costs shows next to the machine's drift.
 *   node --import tsx bench/diagnose/replay.ts [--messages 3000] [--rate 200] [--variant change.sql]
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { loadConfig } from "../../server/src/config";
import { buildApp } from "../../server/src/app";
import { buildDataset, BENCH_PASSWORD } from "../dataset/build";
import { createBenchDatabase, withPg } from "../lib/databases";
import { InboundLoad } from "../parts/inboundLoad";

const { values: args } = parseArgs({
  options: { messages: { type: "string", default: "3000" }, rate: { type: "string" }, variant: { type: "string" }, pg: { type: "string", default: "postgres://postgres@127.0.0.1:5432" } },
});
let messages = Number(args.messages);
const rate = args.rate ? Number(args.rate) : null;
const variant = args.variant ? fs.readFileSync(args.variant, "utf8") : null;

interface Recorded {
  client: number;
  text: string;
  values: unknown[];
  name?: string;
}
const recorded: Recorded[] = [];
let recording = false;
const clientIds = new WeakMap<object, number>();
let nextClient = 0;
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...a: unknown[]) {
  if (recording) {
    const first = a[0] as string | { text: string; values?: unknown[]; name?: string };
    const text = typeof first === "string" ? first : first?.text;
    const values = (typeof first === "string" ? a[1] : first?.values) ?? [];
    if (!clientIds.has(this)) clientIds.set(this, nextClient++);
    if (text) recorded.push({ client: clientIds.get(this)!, text, values: values as unknown[], name: typeof first === "string" ? undefined : first.name });
  }
  return query.apply(this, a);
};

const urlOf = (name: string) => Object.assign(new URL(args.pg!), { pathname: `/${name}` }).toString();
const admin = urlOf("postgres");
const database = await createBenchDatabase("postgres", args.pg!, false);
const source = new URL(database.url!).pathname.slice(1);
const kept = `${source}_kept`;
try {
  const { manifest } = await buildDataset("reference", database, () => undefined);
  await withPg(admin, (c) => c.query(`create database ${kept} template ${source}`));
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.url, ADMIN_PASSWORD: BENCH_PASSWORD, LOG_LEVEL: "silent" });
  const built = await buildApp(config, { logger: false, jobs: false });
  await built.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;
  const company = manifest.companies.find((c) => c.id === manifest.target.companyId)!;
  const w = company.whatsapps[0];
  const load = new InboundLoad(base, { id: w.id, token: w.token }, company.id, company.contactNumbers, "900001");
  recording = true;
  if (rate) messages = (await load.fixedRate(rate, Math.ceil(messages / rate))).sent;
  else await load.fullSpeed(messages, 64);
  await new Promise((r) => setTimeout(r, 1000));
  recording = false;
  await built.close();
  console.log(`${messages} messages ${rate ? `at ${rate}/s` : "at full speed"}: ${recorded.length} statements recorded`);
  for (const change of variant ? [null, variant, variant, null] : [null]) await replay(change);
} finally {
  await withPg(admin, (c) => c.query(`drop database if exists ${kept}`));
  await database.drop();
}
process.exit(0);

/** The recording run again on a fresh copy of the dataset (changed by `change` first), one statement at a time. */
async function replay(change: string | null) {
  const copy = `${source}_replay`;
  await withPg(admin, (c) => c.query(`drop database if exists ${copy}`));
  await withPg(admin, (c) => c.query(`create database ${copy} template ${kept}`));
  try {
    if (change) await withPg(urlOf(copy), (c) => c.query(change));
    await withPg(urlOf(copy), (c) => c.query("checkpoint"));
    const clients = new Map<number, pg.Client>();
    const kinds = new Map<string, { ms: number; failed: number; bySize: Map<number, number[]> }>();
    const start = performance.now();
    for (const s of recorded) {
      let client = clients.get(s.client);
      if (!client) {
        client = new pg.Client({ connectionString: urlOf(copy) });
        await client.connect();
        // a statement that waits for another recorded connection's open transaction fails instead of waiting forever
        await client.query("set lock_timeout = '200ms'; set synchronous_commit = off");
        clients.set(s.client, client);
      }
      const kind = s.name ?? s.text.replace(/\s+/g, " ").slice(0, 70);
      const k = kinds.get(kind) ?? { ms: 0, failed: 0, bySize: new Map() };
      kinds.set(kind, k);
      const t0 = performance.now();
      try {
        await query.call(client, { name: s.name, text: s.text, values: s.values });
      } catch {
        k.failed++;
      }
      const ms = performance.now() - t0;
      k.ms += ms;
      // a batch statement's size: the length of its first JSON array parameter
      const batch = s.values.find((v): v is string => typeof v === "string" && v.startsWith("["));
      const size = batch ? bucketOf((JSON.parse(batch) as unknown[]).length) : 1;
      const sameSize = k.bySize.get(size) ?? [];
      k.bySize.set(size, sameSize);
      sameSize.push(ms);
    }
    const total = performance.now() - start;
    // how each prepared statement was planned on these connections: kept (generic) plans or planned per call
    const plans = new Map<string, { generic: number; custom: number }>();
    for (const c of clients.values()) {
      const { rows } = (await query.call(c, "select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements")) as { rows: { name: string; generic: number; custom: number }[] };
      for (const row of rows) {
        const sum = plans.get(row.name) ?? { generic: 0, custom: 0 };
        plans.set(row.name, { generic: sum.generic + row.generic, custom: sum.custom + row.custom });
      }
      await c.end();
    }
    console.log(`\n## ${change ? "with the variant" : "as it is"}: ${(total / messages).toFixed(3)} ms per message`);
    for (const [kind, k] of [...kinds].sort((a, b) => b[1].ms - a[1].ms)) {
      const calls = [...k.bySize.values()].reduce((n, l) => n + l.length, 0);
      const sizes = [...k.bySize].sort((a, b) => a[0] - b[0]).map(([size, l]) => `≤${size}: ${l.length} × ${median(l).toFixed(2)}`);
      const planned = plans.get(kind);
      const planLine = planned ? `\n        plans: ${planned.generic} generic, ${planned.custom} custom` : "";
      console.log(
        `${(k.ms / messages).toFixed(3).padStart(7)} ms/msg ${String(calls).padStart(5)} calls${k.failed ? ` (${k.failed} failed)` : ""}  ${kind}\n        median ms by batch size: ${sizes.join(", ")}${planLine}`,
      );
    }
  } finally {
    await withPg(admin, (c) => c.query(`drop database if exists ${copy}`));
  }
}

function bucketOf(n: number) {
  return [1, 2, 5, 10, 20, 40].find((b) => n <= b) ?? 100;
}

function median(list: number[]) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
