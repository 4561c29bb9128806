import { parseArgs } from "node:util";

export const SIZES = ["small", "medium", "large", "reference"] as const;
export type Size = (typeof SIZES)[number];
export const PARTS = ["inbound", "reads", "reports", "fanout", "memory", "soak", "web"] as const;
export type Part = (typeof PARTS)[number];
/** Parts run when none are named: `reports` only on demand. */
const DEFAULT_PARTS = PARTS.filter((p) => p !== "reports");
export const BACKENDS = ["postgres", "pglite"] as const;
export type Backend = (typeof BACKENDS)[number];
/** Parts that the issue asks for on PGlite too; the others run on PostgreSQL only. */
export const PGLITE_PARTS: Part[] = ["inbound", "reads"];

export interface Options {
  sizes: Size[];
  parts: Part[];
  backends: Backend[];
  /** Seconds of measurement per read path, after `warmup` seconds. */
  duration: number;
  warmup: number;
  connections: number;
  /** Inbound: messages per second of the fixed-rate run, for `inboundSeconds`. */
  rate: number;
  inboundSeconds: number;
  /** Inbound: messages of each full-speed run, with this many requests in flight; the target reads the runs' median. */
  fullSpeedMessages: number;
  fullSpeedRuns: number;
  concurrency: number;
  sockets: number;
  fanoutRounds: number;
  /** Seconds of the mixed read load that looks for the worst latency while the jobs run. */
  soak: number;
  /** Messages of one new contact at once, each second of the soak's inbound trickle (0: evenly spread). */
  soakBurst: number;
  /** Seconds of load over every read path before the first is measured (0: none). */
  serverWarmup: number;
  /** Only the read paths whose name holds one of these texts (case-insensitive); empty: all. */
  paths: string[];
  pgUrl: string;
  keep: boolean;
  updateReadme: boolean;
  label: string;
  /** Render an earlier run's JSON again (Markdown, and README with --update-readme) instead of running. */
  from?: string;
}

const HELP = `npm run bench -- [options]
  --size small|medium|large|reference[,...]  datasets to build and measure (default small)
  --parts ${PARTS.join(",")}          parts to run (default all but reports)
  --db postgres,pglite                         backends (default both; PGlite runs only ${PGLITE_PARTS.join(" and ")})
  --duration 15 --warmup 3 --connections 10    read paths (autocannon)
  --paths dashboard,contacts                   only the read paths whose name holds one of these texts
  --server-warmup 30                           seconds of load over every read path before the first is measured
  --rate 200 --inbound-seconds 10              inbound at a fixed rate
  --full-speed 20000 --concurrency 128         inbound at full speed
  --full-speed-runs 3                          full-speed runs (the target reads their median)
  --sockets 200 --fanout-rounds 20             realtime fan-out
  --soak 300 --soak-burst 0                    seconds of mixed reads while the jobs run (worst latency); burst of one
                                               contact's messages each second in the soak's inbound trickle
  --pg postgres://postgres@127.0.0.1:5432      server where balcao_bench_* databases are created and dropped
  --keep                                       keep the databases (prints where they are)
  --update-readme                              put this run's table in README.md's Performance section
  --label text                                 a note stored with the results
  --from bench/results/<run>.json[:part+part][,...]
                                               write those runs' Markdown again (and with --update-readme, one README
                                               summary of them all, or of the parts named after the colon)`;

function list<T extends string>(value: string, allowed: readonly T[], what: string): T[] {
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) if (!allowed.includes(item as T)) throw new Error(`unknown ${what} "${item}" (one of ${allowed.join(", ")})`);
  return items as T[];
}

function positive(value: string, name: string) {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
}

export function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      size: { type: "string", default: "small" },
      parts: { type: "string", default: DEFAULT_PARTS.join(",") },
      db: { type: "string", default: BACKENDS.join(",") },
      duration: { type: "string", default: "15" },
      warmup: { type: "string", default: "3" },
      connections: { type: "string", default: "10" },
      paths: { type: "string", default: "" },
      "server-warmup": { type: "string", default: "30" },
      rate: { type: "string", default: "200" },
      "inbound-seconds": { type: "string", default: "10" },
      "full-speed": { type: "string", default: "20000" },
      "full-speed-runs": { type: "string", default: "3" },
      concurrency: { type: "string", default: "128" },
      sockets: { type: "string", default: "200" },
      "fanout-rounds": { type: "string", default: "20" },
      soak: { type: "string", default: "300" },
      "soak-burst": { type: "string", default: "0" },
      pg: { type: "string", default: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432" },
      keep: { type: "boolean", default: false },
      "update-readme": { type: "boolean", default: false },
      label: { type: "string", default: "" },
      from: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(HELP);
    return null;
  }
  return {
    sizes: list(values.size!, SIZES, "size"),
    parts: list(values.parts!, PARTS, "part"),
    backends: list(values.db!, BACKENDS, "database"),
    duration: positive(values.duration!, "duration"),
    warmup: Number(values.warmup),
    connections: positive(values.connections!, "connections"),
    serverWarmup: Number(values["server-warmup"]) || 0,
    paths: values
      .paths!.split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    rate: positive(values.rate!, "rate"),
    inboundSeconds: positive(values["inbound-seconds"]!, "inbound-seconds"),
    fullSpeedMessages: positive(values["full-speed"]!, "full-speed"),
    fullSpeedRuns: positive(values["full-speed-runs"]!, "full-speed-runs"),
    concurrency: positive(values.concurrency!, "concurrency"),
    sockets: positive(values.sockets!, "sockets"),
    fanoutRounds: positive(values["fanout-rounds"]!, "fanout-rounds"),
    soak: positive(values.soak!, "soak"),
    soakBurst: Number(values["soak-burst"]) || 0,
    pgUrl: values.pg!,
    keep: values.keep!,
    updateReadme: values["update-readme"]!,
    label: values.label!,
    from: values.from,
  };
}
