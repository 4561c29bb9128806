/**
 * What the benchmark's database is doing, sampled while a run goes on: 20 times a second it reads
 * the active statements of the `balcao_bench_*` databases from pg_stat_activity, with what each
 * waits on (a lock, the WAL's flush, the CPU when it waits on nothing). At the end it prints the
 * waits by statement and every statement seen running longer than `--slow` ms, so a latency tail
 * can be told apart from the database's (bench/README, Conclusions,
 * "Ticket locks in id order").
 *
 *   node --import tsx bench/diagnose/waits.ts --seconds 90 &  npm run bench -- --parts inbound …
 */
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({
  options: {
    pg: { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    seconds: { type: "string", default: "90" },
    slow: { type: "string", default: "30" },
  },
});
const slowMs = Number(values.slow);
const client = new pg.Client({ connectionString: values.pg });
await client.connect();

const waits = new Map<string, number>();
const slow: string[] = [];
let samples = 0;
const stopAt = Date.now() + Number(values.seconds) * 1000;
while (Date.now() < stopAt) {
  const started = Date.now();
  const { rows } = await client.query<{ wait: string | null; query: string; ms: number }>(
    `select wait_event_type || ':' || wait_event as wait, left(regexp_replace(query, '\\s+', ' ', 'g'), 40) as query,
       extract(epoch from (clock_timestamp() - query_start)) * 1000 as ms
     from pg_stat_activity where datname like 'balcao_bench%' and state = 'active' and pid <> pg_backend_pid()`,
  );
  samples++;
  for (const r of rows) {
    const key = `${r.wait ?? "CPU"}  ${r.query}`;
    waits.set(key, (waits.get(key) ?? 0) + 1);
    if (r.ms > slowMs) slow.push(`${new Date(started).toISOString().slice(11, 23)}  ${Math.round(r.ms)} ms  ${r.wait ?? "CPU"}  ${r.query}`);
  }
  await new Promise((r) => setTimeout(r, Math.max(0, 50 - (Date.now() - started))));
}
await client.end();

console.log(`${samples} samples; active statements by what they waited on:`);
for (const [key, n] of [...waits].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${String(n).padStart(6)}  ${key}`);
console.log(`statements seen running longer than ${slowMs} ms (${slow.length}):`);
for (const line of slow) console.log(`  ${line}`);
