/**
 * Sums a V8 CPU profile (a server run with BENCH_CPU_PROF=<dir>, or `node --cpu-prof`) by where its
 * time went: the busy time (idle left out) per package, Node module or project file, then the
 * functions that spent the most time themselves. Made for machines without a browser's profiler.
 *   node --import tsx bench/diagnose/profile.ts <file.cpuprofile> [rows]
 */
import fs from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) throw new Error("usage: profile.ts <file.cpuprofile> [rows]");
const rows = Number(rowsArg ?? 25);
const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const byPlace = new Map<string, number>();
const byFunction = new Map<string, number>();
let idle = 0;
let total = 0;
const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);

profile.samples.forEach((id, i) => {
  const us = profile.timeDeltas[i] ?? 0;
  const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
  total += us;
  if (functionName === "(idle)") return void (idle += us);
  const inPackage = url.split("node_modules/").at(-1)!;
  // a package by its name, a Node module by its id, a project file by its path, a native frame by its name
  const place = url.includes("node_modules/") ? inPackage.split("/")[0] : url.startsWith("node:") ? url : url ? url.replace(/^.*?\/(server|common|bench)\//, "$1/") : functionName;
  add(byPlace, place, us);
  add(byFunction, `${functionName || "(anonymous)"} ${url ? `${url.includes("node_modules/") ? inPackage : place}:${lineNumber + 1}` : ""}`, us);
});

const busy = total - idle;
const table = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([key, us]) => `${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${key}`)
    .join("\n");
console.log(
  `profile of ${(total / 1e6).toFixed(1)} s: busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s\n\nbusy time by place:\n${table(byPlace)}\n\nbusy time by function (self):\n${table(byFunction)}`,
);
