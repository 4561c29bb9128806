/**
 * The floor under inbound ingest on this machine: a bare HTTP server (Fastify, with the app's
 * pool of 10 PostgreSQL connections) whose handler makes N trivial statements, each its own
 * round trip and commit (an insert of the request's message into one table with a unique key),
 * driven as the inbound part drives the app (JSON POSTs, 64 in flight, the same HTTP agent). The
 * batched modes batch as the app does (KeyedBatches with the app's slots): the statements of
 * requests that arrive while the slots are busy go into the next one, one round trip and one
 * commit per batch.
 *   node --import tsx bench/diagnose/floor.ts [--requests 10000] [--concurrency 64] [--pg postgres://postgres@127.0.0.1:5432]
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { parseArgs } from "node:util";
import Fastify from "fastify";
import pg from "pg";
import { CpuMeter, ceiling } from "../lib/cpu";
import { createBenchDatabase, withPg } from "../lib/databases";
import { request } from "../lib/http";
import { BATCH_SLOTS, KeyedBatches } from "../../server/src/channels/keyedBatches";
import { load1 } from "../lib/stats";

/** Statements per request, and whether requests share them (batched). */
const MODES = [
  { statements: 0, batched: false },
  { statements: 1, batched: false },
  { statements: 3, batched: false },
  { statements: 5, batched: false },
  { statements: 1, batched: true },
  { statements: 5, batched: true },
];
const modeName = (m: (typeof MODES)[number]) => (m.statements === 0 ? "no database" : `${m.statements} statement${m.statements > 1 ? "s" : ""}${m.batched ? ", batched across requests" : " each"}`);

interface Row {
  external_id: string;
  number: string;
  body: string;
}

async function serve(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c jit=off" });
  // the app's own batching (server/src/channels/keyedBatches.ts): rows of requests that arrive
  // while every slot runs a batch go together in the next free one
  const batches = new KeyedBatches(
    (rows: Row[]) =>
      pool
        .query({
          name: "floor_batch",
          text: "insert into floor_messages (external_id, number, body) select * from json_to_recordset($1::json) as r(external_id text, number text, body text)",
          values: [JSON.stringify(rows)],
        })
        .then(() => rows.map(() => undefined)),
    undefined,
    BATCH_SLOTS,
  );
  const app = Fastify();
  app.post<{ Params: { n: string; batched: string }; Body: { id: string; number: string; body: string } }>("/floor/:n/:batched", async (req, reply) => {
    const n = Number(req.params.n);
    const { id, number, body } = req.body;
    for (let i = 0; i < n; i++) {
      const row = { external_id: `${id}-${i}`, number, body };
      if (req.params.batched === "1") await batches.submit("", row);
      else await pool.query({ name: "floor_one", text: "insert into floor_messages (external_id, number, body) values ($1, $2, $3)", values: [row.external_id, row.number, row.body] });
    }
    return reply.status(201).send({ id, stored: n });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
}

async function drive() {
  const { values } = parseArgs({
    options: { requests: { type: "string", default: "10000" }, concurrency: { type: "string", default: "64" }, pg: { type: "string", default: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432" } },
  });
  const total = Number(values.requests);
  const concurrency = Number(values.concurrency);
  const database = await createBenchDatabase("postgres", values.pg!, false);
  const url = database.url!;
  await withPg(url, (c) => c.query("create table floor_messages (id bigserial primary key, external_id text not null unique, number text not null, body text not null, created_at timestamptz not null default now())"));
  const child = spawn(process.execPath, ["--import", "tsx", import.meta.filename, "serve", url], { stdio: ["ignore", "pipe", "inherit"] });
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  const base = `http://127.0.0.1:${Number(String(chunk).trim())}`;
  const rows: string[] = [];
  try {
    let seq = 0;
    const run = async (mode: (typeof MODES)[number], count: number) => {
      let next = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < count) {
            next++;
            const id = `FLOOR-${seq++}`;
            const res = await request(base, "POST", `/floor/${mode.statements}/${mode.batched ? 1 : 0}`, { id, number: `55119${String(seq).padStart(8, "0")}`, body: `Olá, quero saber do meu pedido [${id}]` });
            if (res.status !== 201) throw new Error(`${modeName(mode)}: ${res.status}`);
          }
        }),
      );
      return (performance.now() - start) / 1000;
    };
    for (const mode of MODES) {
      await run(mode, Math.min(2_000, total)); // warm-up
      const before = load1();
      const meter = new CpuMeter(child.pid!, url);
      await meter.begin();
      const seconds = await run(mode, total);
      const cpu = await meter.end();
      const per = (ms: number) => (ms / total).toFixed(2);
      rows.push(`| ${modeName(mode)} | ${Math.round(total / seconds)} | ${per(cpu.total)} (${per(cpu.server)} + ${per(cpu.database)}) | ${ceiling(cpu.total / total, "postgres")} | ${before} → ${load1()} |`);
      console.error(rows.at(-1));
    }
  } finally {
    child.kill();
    await once(child, "exit");
    await database.drop();
  }
  console.log(`\n${total} requests per mode, ${concurrency} in flight, PostgreSQL, ${new Date().toISOString()}\n`);
  console.log("| handler | req/s | CPU ms/req: total (server + db) | req/s the cores could take | load (1 min) |\n| --- | --- | --- | --- | --- |");
  console.log(rows.join("\n"));
}

if (process.argv[2] === "serve") await serve(process.argv[3]);
else await drive();
