import type { Backend, Part, Size } from "./options";

export interface Table {
  title: string;
  headers: string[];
  rows: (string | number)[][];
}

/** A target of the issue and what this run measured against it (null: not measurable in this run). */
export interface TargetCheck {
  target: string;
  measured: string;
  met: boolean | null;
}

export interface PartResult {
  part: Part | "dataset";
  backend: Backend;
  size: Size;
  /** 1-minute load average before and after the part ran. */
  load: { before: number; after: number };
  /** Share of the cores busy in the second before the part, once the machine had settled (runs since 2026-11-25 15:30 UTC). */
  busyBefore?: number;
  tables: Table[];
  targets: TargetCheck[];
  notes: string[];
  data: unknown;
}

export const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? (Math.round(n * 10 ** digits) / 10 ** digits).toString() : "–");

/** Read paths as rows of one table, so sizes can be put side by side. */
export interface ReadRow {
  path: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** CPU ms per request (server + database) and the req/s the machine's cores could serve at that cost. */
  cpuMs?: number;
  /** The server process's and the database backends' parts of cpuMs. */
  cpuServerMs?: number;
  cpuDatabaseMs?: number;
  ceiling?: number;
}
