import fs from "node:fs";
import os from "node:os";

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Percentiles (nearest rank) of latencies in milliseconds. */
export function percentiles(values: number[]): Percentiles {
  if (values.length === 0) return { count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN, mean: NaN };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    count: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1]),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  };
}

/** The 1-minute load average: with another process busy on this 2-core machine, numbers are not comparable. */
export const load1 = () => Number(fs.readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
export const LOAD_WARNING = 1.5;

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    platform: os.type(), // the kernel release names the machine, which results need not
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
