import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Options, Size } from "./options";
import { fmt, type PartResult, type ReadRow, type Table } from "./results";
import { ROOT } from "./server";
import { LOAD_WARNING, machine } from "./stats";
import { BUSY_WARNING } from "./cpu";

export interface Run {
  startedAt: Date;
  options: Options;
  results: PartResult[];
  /** The code measured (read back with an earlier run; the current checkout otherwise). */
  commit?: string;
  /** The machine it ran on (read back with an earlier run; this one otherwise). */
  machine?: ReturnType<typeof machine>;
}

const cell = (v: string | number) => String(v).replace(/\|/g, "\\|").replace(/\n/g, " ");
export function markdownTable(t: Pick<Table, "headers" | "rows">) {
  return [`| ${t.headers.map(cell).join(" | ")} |`, `| ${t.headers.map(() => "---").join(" | ")} |`, ...t.rows.map((r) => `| ${r.map(cell).join(" | ")} |`)].join("\n");
}

function gitCommit() {
  try {
    const sha = execSync("git rev-parse --short HEAD", { cwd: ROOT, encoding: "utf8" }).trim();
    const dirty = execSync("git status --porcelain", { cwd: ROOT, encoding: "utf8" }).trim() !== "";
    return dirty ? `${sha} + uncommitted changes` : sha;
  } catch {
    return "unknown";
  }
}

export function machineLine(m = machine()) {
  return `${m.cpus} cores, ${m.memoryGiB} GiB, ${m.platform}, Node ${m.node}`;
}

const mark = (met: boolean | null) => (met === null ? "–" : met ? "met" : "**missed**");
// Something else ran when the part started: the cores were busy after the wait for quiet (or, in runs
// from before that wait, the 1-minute load was high; it also counts the previous part's own work).
const disturbed = (r: PartResult) => (r.busyBefore === undefined ? r.load.before > LOAD_WARNING : r.busyBefore > BUSY_WARNING);
const busyText = (r: PartResult) => (r.busyBefore === undefined ? "" : `, ${Math.round(r.busyBefore * 100)}% busy before`);
const loadCell = (r: PartResult) => `${fmt(r.load.before, 2)} → ${fmt(r.load.after, 2)}${busyText(r)}${disturbed(r) ? " ⚠" : ""}`;

export function targetsTable(results: PartResult[]) {
  const rows = results.flatMap((r) => r.targets.map((t) => [t.target, `${r.size} / ${r.backend}`, t.measured, mark(t.met), loadCell(r)]));
  return markdownTable({ headers: ["target", "dataset / database", "measured", "result", "load (1 min)"], rows });
}

/** Each read path's p95 (and req/s) at every size measured, side by side, and its growth from medium to large (more than ×2 is flagged). */
export function growthTable(results: PartResult[]) {
  const reads = results.filter((r) => r.part === "reads" && r.backend === "postgres");
  const sizes = [...new Set(reads.map((r) => r.size))] as Size[];
  if (sizes.length < 2) return null;
  const bySize = new Map(reads.map((r) => [r.size, r.data as ReadRow[]]));
  const paths = [...new Set(reads.flatMap((r) => (r.data as ReadRow[]).map((row) => row.path)))];
  const rows = paths.map((p) => {
    const at = (s: Size) => bySize.get(s)?.find((row) => row.path === p);
    const medium = at("medium");
    const large = at("large");
    const ratio = medium && large ? large.p95 / medium.p95 : null;
    const flag = ratio === null ? "" : `×${ratio.toFixed(2)}${ratio > 2 ? ", p95 more than doubled" : ""}`;
    return [p, ...sizes.map((s) => (at(s) ? `${fmt(at(s)!.p95)} ms (${at(s)!.rps}/s)` : "–")), flag];
  });
  return markdownTable({ headers: ["path (PostgreSQL)", ...sizes.map((s) => `${s}: p95 (req/s)`), "growth medium → large"], rows });
}

export function renderMarkdown(run: Run) {
  const { options, results } = run;
  const hot = results.filter(disturbed);
  const out: string[] = [
    `# Benchmark run ${run.startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC`,
    "",
    `- Machine: ${machineLine(run.machine)}`,
    `- Code: ${run.commit ?? gitCommit()}`,
    // runs recorded before --full-speed-runs existed made one full-speed run
    `- Options: sizes ${options.sizes.join(", ")}; parts ${options.parts.join(", ")}; databases ${options.backends.join(", ")}; reads ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s; inbound ${options.rate}/s for ${options.inboundSeconds} s and ${options.fullSpeedRuns ?? 1} × ${options.fullSpeedMessages} at full speed (${options.concurrency} in flight); ${options.sockets} sockets; soak ${options.soak} s${options.soakBurst ? ` with bursts of ${options.soakBurst}` : ""}`,
    ...(options.label ? [`- Note: ${options.label}`] : []),
    hot.length
      ? `- ⚠ The machine was busy when ${hot.map((r) => `${r.part} (${r.size}/${r.backend})`).join(", ")} started: other processes shared the CPUs, so those numbers are lower than this machine can do.`
      : "- The machine was quiet when each part started.",
    results.some((r) => r.busyBefore !== undefined)
      ? `- Each part waits (up to a minute) for two seconds with under 10% of the cores busy; "busy before" is the share in the last of them, and above ${BUSY_WARNING * 100}% marks the part ⚠. The 1-minute load average, before → after, still counts the previous part's work for a minute.`
      : `- A part is marked ⚠ when the 1-minute load average was above ${LOAD_WARNING} before it. Load is shown as before → after each part; the value after includes the benchmark's own server, database and load generator.`,
    "",
    "## Targets",
    "",
    targetsTable(results),
  ];
  const growth = growthTable(results);
  if (growth) out.push("", "## Growth of the read paths", "", growth);
  const groups = [...new Set(results.map((r) => `${r.size}|${r.backend}`))];
  for (const g of groups) {
    const [size, backend] = g.split("|");
    out.push("", `## ${size} on ${backend}`);
    for (const r of results.filter((x) => x.size === size && x.backend === backend)) {
      for (const t of r.tables) out.push("", `### ${t.title}`, "", markdownTable(t));
      out.push("", `Load average (1 min) before → after: ${loadCell(r)}`);
      for (const n of r.notes) out.push(`- ${n}`);
    }
  }
  return out.join("\n") + "\n";
}

/** An earlier run, read back from its JSON file. */
export function readRun(file: string): Run {
  const saved = JSON.parse(fs.readFileSync(file, "utf8")) as { startedAt: string; options: Options; results: PartResult[]; commit: string; machine?: Run["machine"] };
  return { startedAt: new Date(saved.startedAt), options: saved.options, results: saved.results, commit: saved.commit, machine: saved.machine };
}

/** Where a run's files go: named by its minute, or by its second when another run of that minute is there. */
function baseOf(run: Run, dir: string) {
  const named = (chars: number) => path.join(dir, `${run.startedAt.toISOString().slice(0, chars).replaceAll(":", "-")}-${run.options.sizes.join("-")}`);
  const minute = named(16);
  if (!fs.existsSync(`${minute}.json`) || readRun(`${minute}.json`).startedAt.getTime() === run.startedAt.getTime()) return minute;
  return named(19);
}

export function writeResults(run: Run, opts: { json?: boolean } = {}) {
  const dir = path.join(ROOT, "bench/results");
  fs.mkdirSync(dir, { recursive: true });
  const base = baseOf(run, dir);
  const markdown = renderMarkdown(run);
  fs.writeFileSync(`${base}.md`, markdown);
  // a run rendered again keeps its JSON as it was written (commit, machine)
  if (opts.json !== false) fs.writeFileSync(`${base}.json`, JSON.stringify({ startedAt: run.startedAt, machine: machine(), commit: gitCommit(), options: run.options, results: run.results }, null, 2));
  return { markdown: `${base}.md`, json: `${base}.json` };
}

/**
 * Replaces what is between the Performance section's markers in README.md with a summary of
 * one run, or of several (each part of them, e.g. reference reads and small fan-out).
 */
export function updateReadme(runs: Run[], resultFiles: string[]) {
  const file = path.join(ROOT, "README.md");
  const text = fs.readFileSync(file, "utf8");
  const start = "<!-- bench:start -->";
  const end = "<!-- bench:end -->";
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error("README.md has no <!-- bench:start --> … <!-- bench:end --> markers");
  const results = runs.flatMap((r) => r.results);
  const reads = results.filter((r) => r.part === "reads" && r.backend === "postgres");
  const hot = results.filter(disturbed);
  const dates = [...new Set(runs.map((r) => r.startedAt.toISOString().slice(0, 10)))].join(", ");
  const links = resultFiles.map((f) => `[${path.basename(f, ".md")}](${path.relative(ROOT, f)})`).join(", ");
  const body = [
    `Latest results: ${dates}, ${[...new Set(runs.map((r) => machineLine(r.machine)))].join("; ")} (full results: ${links}).`,
    ...(hot.length
      ? [
          "",
          `⚠ Other processes were loading the machine when ${hot.length} of these parts started (marked ⚠), so their numbers are lower than the machine can do. The CPU-time columns hold up better: they give what the cores could serve.`,
        ]
      : []),
    "",
    targetsTable(results),
    ...reads.flatMap((r) => ["", `Read paths, ${r.size} dataset, PostgreSQL:`, "", markdownTable(r.tables[0])]),
  ].join("\n");
  fs.writeFileSync(file, `${text.slice(0, a + start.length)}\n${body}\n${text.slice(b)}`);
}
