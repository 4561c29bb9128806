/**
 * Which tables and indexes the benchmark's writes go to, read from the WAL they produce: started
 * next to a run, it waits for a `balcao_bench_*` database to receive its first inbound message,
 * keeps the WAL from then on with a temporary replication slot, and when the database goes away
 * (or after `--seconds`) prints the WAL's records by relation and record type (pg_walinspect).
 * Each record is a heap or index change made, logged and flushed, so it shows where a write-heavy
 * path's writes go (bench/README, Conclusions, "Trigram indexes": the contacts' trigram
 * indexes were 59% of the bytes;
 * giving them a pending list halved the WAL, though not this machine's CPU per message).
 *
 *   node --import tsx bench/diagnose/wal.ts &  npm run bench -- --parts inbound …
 *
 * It makes a scratch database for the extension and drops it when it ends; the slot is temporary.
 */
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({
  options: {
    pg: { type: "string", default: "postgres://postgres@127.0.0.1:5432" },
    seconds: { type: "string", default: "600" },
    top: { type: "string", default: "25" },
  },
});
/** The server's URL with another database. */
const urlOf = (database: string) => Object.assign(new URL(values.pg), { pathname: `/${database}` }).toString();
const scratch = `balcao_walinspect_${process.pid}`;
const slot = `balcao_walinspect_${process.pid}`;
const admin = new pg.Client({ connectionString: urlOf("postgres") });
await admin.connect();
await admin.query(`create database ${scratch}`);
const inspect = new pg.Client({ connectionString: urlOf(scratch) });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let slotMade = false;
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void (stopping = true));

try {
  await inspect.connect();
  await inspect.query("create extension pg_walinspect");
  const stopAt = Date.now() + Number(values.seconds) * 1000;
  // relation file numbers → names, read from the benchmark database while it exists
  const names = new Map<string, string>();
  let start: string | null = null;
  let end: string | null = null;
  while (Date.now() < stopAt && !stopping) {
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'balcao_bench%' order by oid desc limit 1");
    if (!rows.length) {
      if (start) break;
      await sleep(500);
      continue;
    }
    const bench = new pg.Client({ connectionString: urlOf(rows[0].datname) });
    try {
      await bench.connect();
      const rels = await bench.query<{ node: string; name: string }>("select pg_relation_filenode(oid)::text as node, relname as name from pg_class where pg_relation_filenode(oid) is not null");
      for (const r of rels.rows) names.set(r.node, r.name);
      if (!start) {
        const seen = await bench.query("select 1 from pg_stat_user_tables where relname = 'sandbox_messages' and n_tup_ins > 0");
        if (seen.rows.length) {
          // temporary: it goes with this session, even if this process is killed
          await admin.query("select pg_create_physical_replication_slot($1, true, true)", [slot]);
          slotMade = true;
          start = (await admin.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0].lsn;
          console.log(`inbound started in ${rows[0].datname}: WAL from ${start}`);
        }
      } else end = (await admin.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn")).rows[0].lsn;
    } catch {
      // the database is being dropped: the run is over
      if (start) break;
    } finally {
      await bench.end().catch(() => undefined);
    }
    await sleep(500);
  }
  if (!start || !end) throw new Error("no inbound run seen");
  const { rows } = await inspect.query<{ rel: string | null; kind: string; n: string; bytes: string }>(
    `select substring(block_ref from 'rel [0-9]+/[0-9]+/([0-9]+)') as rel, resource_manager || '/' || record_type as kind, count(*)::text as n, sum(record_length)::text as bytes
     from pg_get_wal_records_info($1, $2) group by 1, 2 order by sum(record_length) desc`,
    [start, end],
  );
  const total = rows.reduce((a, r) => a + Number(r.bytes), 0);
  console.log(`${(total / 1e6).toFixed(1)} MB of WAL from ${start} to ${end}; by relation and record type:`);
  for (const r of rows.slice(0, Number(values.top))) {
    const name = r.rel ? (names.get(r.rel) ?? `file ${r.rel}`) : "(no relation)";
    console.log(`${(Number(r.bytes) / 1e6).toFixed(1).padStart(7)} MB ${((100 * Number(r.bytes)) / total).toFixed(1).padStart(5)}%  ${r.n.padStart(8)} records  ${r.kind.padEnd(26)} ${name}`);
  }
} finally {
  if (slotMade) await admin.query("select pg_drop_replication_slot($1)", [slot]).catch((err) => console.error(`drop the slot ${slot} by hand: ${err.message}`));
  await inspect.end().catch(() => undefined);
  await admin.query(`drop database if exists ${scratch}`);
  await admin.end();
}
