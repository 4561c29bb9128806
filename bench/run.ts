/**
 * The benchmark suite: `npm run bench -- --help` lists the options; bench/README.md
 * explains each part. Every run writes a dated Markdown table and JSON file to bench/results/.
 */
import { openDatabase, type Database } from "../server/src/db/client";
import { buildDataset } from "./dataset/build";
import { planFor, totals } from "./dataset/shape";
import { createBenchDatabase, type BenchDatabase } from "./lib/databases";
import { Sessions } from "./lib/http";
import { parseOptions, PGLITE_PARTS, type Backend, type Options, type Part, type Size } from "./lib/options";
import { readRun, updateReadme, writeResults, type Run } from "./lib/report";
import type { PartResult } from "./lib/results";
import { startBenchServer } from "./lib/server";
import { load1 } from "./lib/stats";
import { settle } from "./lib/cpu";
import type { PartContext, PartRunner } from "./parts/context";
import { runFanout } from "./parts/fanout";
import { runInbound } from "./parts/inbound";
import { runMemoryEnd, runMemoryStart } from "./parts/memory";
import { runReads } from "./parts/reads";
import { runReports } from "./parts/reports";
import { runSoak } from "./parts/soak";
import { runWeb } from "./parts/web";

const say = (line: string) => console.log(line);

/** Parts in the order they run: memory brackets the load, the web build comes last (it waits for the e2e lock). */
const ORDER: [Part, PartRunner][] = [
  ["inbound", runInbound],
  ["reads", runReads],
  ["reports", runReports],
  ["fanout", runFanout],
  ["soak", runSoak],
  ["memory", runMemoryEnd],
  ["web", runWeb],
];

function failure(part: Part, size: Size, backend: Backend, err: unknown): PartResult {
  const message = err instanceof Error ? err.message : String(err);
  say(`  ${part} failed: ${message}`);
  return { part, size, backend, load: { before: load1(), after: load1() }, tables: [], targets: [], notes: [`This part failed: ${message.split("\n")[0]}`], data: { error: message } };
}

async function runOn(options: Options, size: Size, backend: Backend, parts: Part[], results: PartResult[]) {
  const database: BenchDatabase = await createBenchDatabase(backend, options.pgUrl, options.keep);
  const checks: ((db: Database) => Promise<void>)[] = [];
  try {
    say(`\n== ${size} on ${backend}: building ${JSON.stringify(totals(planFor(size)))}`);
    const busyBefore = await settle();
    const before = load1();
    const built = await buildDataset(size, database, say);
    results.push({
      part: "dataset",
      size,
      backend,
      load: { before, after: load1() },
      busyBefore,
      tables: [
        { title: `Dataset (built in ${built.seconds.toFixed(1)} s)`, headers: Object.keys(built.manifest.counts), rows: [Object.values(built.manifest.counts)] },
        { title: "Build steps", headers: ["step"], rows: built.log.map((l) => [l]) },
      ],
      targets: [],
      notes: [],
      data: { seconds: built.seconds, counts: built.manifest.counts },
    });
    const server = await startBenchServer(database);
    const ctx: PartContext = {
      options,
      size,
      backend,
      server,
      sessions: new Sessions(server.url),
      manifest: built.manifest,
      database,
      say,
      afterStop: (check) => checks.push(check),
      rss: [],
    };
    try {
      if (parts.includes("memory")) await runMemoryStart(ctx).catch((err) => results.push(failure("memory", size, backend, err)));
      for (const [part, runner] of ORDER) {
        if (!parts.includes(part)) continue;
        const busyBefore = await settle();
        try {
          const result = await runner(ctx);
          if (result) results.push(...(Array.isArray(result) ? result : [result]).map((r) => ({ ...r, busyBefore })));
        } catch (err) {
          results.push(failure(part, size, backend, err));
        }
      }
    } finally {
      await server.stop();
      if (/error/i.test(server.output())) say(`  server output (last lines):\n${server.output().split("\n").slice(-15).join("\n")}`);
    }
    if (checks.length) {
      const db = await openDatabase({ url: database.url, pgliteDir: database.pgliteDir });
      try {
        for (const check of checks) await check(db);
      } finally {
        await db.close();
      }
    }
    if (options.keep) say(`  kept: DATA_DIR=${database.dataDir}${database.url ? ` DATABASE_URL=${database.url}` : ""}`);
  } finally {
    await database.drop();
  }
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  if (!options) return;
  if (options.from) {
    // "run.json:inbound+reads" takes only those parts of a run into the README summary
    const specs = options.from.split(",").map((spec) => spec.trim().split(":"));
    const files: string[] = [];
    const earlier = specs.map(([file, only]) => {
      const run = readRun(file);
      files.push(writeResults(run, { json: false }).markdown);
      return only ? { ...run, results: run.results.filter((r) => only.split("+").includes(r.part)) } : run;
    });
    if (options.updateReadme) updateReadme(earlier, files);
    say(`Rendered again: ${files.join(", ")}`);
    return;
  }
  const run: Run = { startedAt: new Date(), options, results: [] };
  for (const size of options.sizes) {
    for (const backend of options.backends) {
      const parts = backend === "pglite" ? options.parts.filter((p) => PGLITE_PARTS.includes(p)) : options.parts;
      if (parts.length === 0) continue;
      await runOn(options, size, backend, parts, run.results);
    }
  }
  const files = writeResults(run);
  if (options.updateReadme) updateReadme([run], [files.markdown]);
  say(`\nResults: ${files.markdown}\n         ${files.json}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
