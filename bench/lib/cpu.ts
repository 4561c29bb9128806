import fs from "node:fs";
import os from "node:os";
import { withPg } from "./databases";

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU time of a process so far, in ms (0 once it is gone). */
function cpuMsOf(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command may hold spaces: fields count from after the closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Busy CPU time of the whole machine so far (every process, idle and iowait excluded), in ms. */
function machineBusyMs() {
  const [, ...fields] = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) * TICK_MS;
}

/** Share of all the cores that were busy (0–1) during the next `ms`, every process counted. */
async function machineBusy(ms = 1_000) {
  const before = machineBusyMs();
  await new Promise((resolve) => setTimeout(resolve, ms));
  return (machineBusyMs() - before) / (ms * os.cpus().length);
}

/** Above this share of busy cores before a part, something else was running: its numbers are marked. */
export const BUSY_WARNING = 0.15;

/**
 * Waits until the machine is quiet, at most `maxMs`: two seconds in a row with under a tenth of the
 * cores busy. The previous part's server, database and load generator, a dataset build's writes or
 * a checkpoint have then ended. Returns the share busy in the last second, for the report.
 */
export async function settle(maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  let quietSeconds = 0;
  let busy = 1;
  while (quietSeconds < 2 && Date.now() < deadline) {
    busy = await machineBusy();
    quietSeconds = busy < 0.1 ? quietSeconds + 1 : 0;
  }
  return busy;
}

/** CPU time of this (load generating) process so far, in ms. */
function ownMs() {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** The cluster's WAL so far (PostgreSQL 14+): bytes and full-page images, which follow checkpoints. */
async function walSoFar(url: string) {
  const rows = await withPg(url, (c) => c.query<{ bytes: string; fpi: string }>("select wal_bytes::text as bytes, wal_fpi::text as fpi from pg_stat_wal"));
  return { bytes: Number(rows.rows[0].bytes), fpi: Number(rows.rows[0].fpi) };
}

/**
 * CPU time the server and its PostgreSQL backends spend, measured from /proc: unlike throughput,
 * CPU time per request hardly changes when other processes share the machine, so
 * cores × 1000 / (CPU ms per request) is what this machine could serve with nothing else running
 * (load generator excluded).
 */
export class CpuMeter {
  private start = new Map<number, number>();
  private startMachine = 0;
  private startOwn = 0;
  private startWal = { bytes: 0, fpi: 0 };
  constructor(
    private readonly serverPid: number,
    private readonly databaseUrl?: string,
  ) {}

  private async pids() {
    const pids = [this.serverPid];
    if (this.databaseUrl) {
      const name = new URL(this.databaseUrl).pathname.slice(1);
      const rows = await withPg(this.databaseUrl, (c) => c.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [name]));
      pids.push(...rows.rows.map((r) => r.pid));
    }
    return pids;
  }

  async begin() {
    this.start = new Map((await this.pids()).map((pid) => [pid, cpuMsOf(pid)]));
    this.startOwn = ownMs();
    this.startMachine = machineBusyMs() - this.startOwn;
    if (this.databaseUrl) this.startWal = await walSoFar(this.databaseUrl);
  }

  /**
   * CPU ms used since begin(): server process and database backends, and the whole machine less
   * this process (which also counts PostgreSQL's background work: autovacuum, WAL writer, checkpoints),
   * this process's own (the load generator's), and the WAL written meanwhile (PostgreSQL only; the
   * whole cluster's).
   */
  async end() {
    const own = ownMs();
    const machine = machineBusyMs() - own - this.startMachine;
    let server = 0;
    let database = 0;
    for (const pid of new Set([...this.start.keys(), ...(await this.pids())])) {
      const used = cpuMsOf(pid) - (this.start.get(pid) ?? 0);
      if (pid === this.serverPid) server += used;
      else database += Math.max(0, used);
    }
    const wal = this.databaseUrl ? await walSoFar(this.databaseUrl) : undefined;
    return { server, database, total: server + database, machine, generator: own - this.startOwn, walBytes: wal ? wal.bytes - this.startWal.bytes : NaN, walFpi: wal ? wal.fpi - this.startWal.fpi : NaN };
  }
}

export type CpuUsed = Awaited<ReturnType<CpuMeter["end"]>>;

export const cores = () => os.cpus().length;

/** Cores the work can spread over: PGlite runs the database in the server's own thread, so one. */
export const usableCores = (backend: string) => (backend === "pglite" ? 1 : cores());

/** Requests per second the usable cores could serve at this CPU cost. */
export function ceiling(cpuMsPerRequest: number, backend: string) {
  return cpuMsPerRequest > 0 ? Math.round((usableCores(backend) * 1000) / cpuMsPerRequest) : NaN;
}
