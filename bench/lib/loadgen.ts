import autocannon from "autocannon";
import type { CpuMeter } from "./cpu";
import { percentiles, type Percentiles } from "./stats";

export interface LoadResult extends Percentiles {
  /** Requests per second over the measured period. */
  rps: number;
  errors: number;
  non2xx: number;
  seconds: number;
  /** The slowest requests, with when they ended (UTC), to line them up with the minute jobs. */
  worst: { at: string; ms: number }[];
  /** CPU ms per request spent by the server process and its database backends (when metered). */
  cpuMsPerRequest?: { server: number; database: number; total: number };
}

interface LoadSpec {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  /** The next request's path (called for every request, so requests spread over many records). */
  nextPath: () => string;
}

function once(spec: LoadSpec, record: boolean): Promise<{ latencies: number[]; ends: number[]; result: autocannon.Result }> {
  const latencies: number[] = [];
  const ends: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        duration: spec.seconds,
        headers: { authorization: `Bearer ${spec.token}`, accept: "application/json" },
        requests: [
          {
            method: "GET",
            setupRequest: (req) => ({ ...req, path: spec.nextPath() }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ latencies, ends, result })),
    );
    if (record) {
      // the tracker emits (client, status, bytes, ms); the published typings miss the client
      (instance as unknown as NodeJS.EventEmitter).on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
        latencies.push(ms);
        ends.push(Date.now());
      });
    }
  });
}

/** autocannon at `connections`, `warmup` seconds thrown away, then `seconds` measured: every latency kept for p95. */
export async function measure(spec: Omit<LoadSpec, "seconds">, warmup: number, seconds: number, meter?: CpuMeter): Promise<LoadResult> {
  if (warmup > 0) await once({ ...spec, seconds: warmup }, false);
  await meter?.begin();
  const { latencies, ends, result } = await once({ ...spec, seconds }, true);
  const cpu = await meter?.end();
  const per = (ms: number) => Math.round((ms / Math.max(1, latencies.length)) * 100) / 100;
  return {
    worst: latencies
      .map((ms, i) => ({ ms: Math.round(ms), at: new Date(ends[i]).toISOString().slice(11, 23) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5),
    cpuMsPerRequest: cpu ? { server: per(cpu.server), database: per(cpu.database), total: per(cpu.total) } : undefined,
    ...percentiles(latencies),
    rps: Math.round(latencies.length / seconds),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    seconds,
  };
}

/** Cycles through a list. */
export function rotate<T>(items: T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length];
}
