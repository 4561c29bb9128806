/**
 * Builds one dataset and keeps it, for looking around or for running the server on it by hand:
 *   node --import tsx bench/dataset/cli.ts [small|medium|large|reference] [postgres|pglite]
 */
import { createBenchDatabase } from "../lib/databases";
import { SIZES, type Backend, type Size } from "../lib/options";
import { buildDataset, BENCH_PASSWORD } from "./build";
import { planFor, totals } from "./shape";

const size = (process.argv[2] ?? "small") as Size;
const backend = (process.argv[3] ?? "postgres") as Backend;
if (!SIZES.includes(size)) throw new Error(`size must be one of ${SIZES.join(", ")}`);

const db = await createBenchDatabase(backend, process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432", true);
console.log(`building ${size} (${JSON.stringify(totals(planFor(size)))}) on ${backend}`);
const built = await buildDataset(size, db, console.log);
console.log(`built in ${built.seconds.toFixed(1)} s: ${JSON.stringify(built.manifest.counts)}`);
console.log(`DATA_DIR=${db.dataDir}${db.url ? ` DATABASE_URL=${db.url}` : ""} (users: bench.admin.1@example.com … password ${BENCH_PASSWORD})`);
