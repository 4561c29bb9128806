import crypto from "node:crypto";
import { measure } from "../lib/loadgen";
import { fmt, type PartResult } from "../lib/results";
import { load1 } from "../lib/stats";
import type { PartContext } from "./context";
import { InboundLoad } from "./inboundLoad";
import { readPaths } from "./reads";

const TRICKLE_PER_SECOND = 20;

/**
 * A long mixed run, with the server's timed jobs running as in production (the minute sweep, the
 * re-send of pending messages, due schedules): every read path in turn at 10 connections, plus a
 * trickle of inbound messages. What matters is the worst latency: a job must never stall the API.
 */
export async function runSoak(ctx: PartContext): Promise<PartResult> {
  const before = load1();
  const company = ctx.manifest.companies[0];
  const token = await ctx.sessions.token(company.adminEmail);
  // the message-text search is left out: one search takes seconds of CPU (see the reads part) and would hide any stall of a job
  const paths = readPaths(ctx).filter((p) => !p.name.startsWith("GET /tickets search"));
  let i = 0;
  const nextPath = () => paths[i++ % paths.length].nextPath();
  ctx.say(`  soak: ${ctx.options.soak} s of mixed reads + ${TRICKLE_PER_SECOND} inbound msg/s`);
  const inbound = new InboundLoad(ctx.server.url, company.whatsapps[0], company.id, company.contactNumbers, String(crypto.randomInt(100_000, 999_999)));
  const [reads] = await Promise.all([
    // warmed up like the read paths: the first seconds of a fresh server (JIT, cold caches) are not what this looks for
    measure({ url: ctx.server.url, token, connections: ctx.options.connections, nextPath }, ctx.options.warmup, ctx.options.soak),
    inbound.fixedRate(TRICKLE_PER_SECOND, Math.floor(ctx.options.warmup + ctx.options.soak), ctx.options.soakBurst),
  ]);
  const failedInbound = [...inbound.deliveries.values()].filter((d) => d.status !== 201).length;
  const minutes = ctx.options.soak / 60;
  return {
    part: "soak",
    backend: ctx.backend,
    size: ctx.size,
    load: { before, after: load1() },
    tables: [
      {
        title: `Worst latency over ${fmt(minutes)} min of mixed reads (${ctx.options.connections} connections) with the jobs running`,
        headers: ["requests", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "inbound sent / failed"],
        rows: [[reads.count, reads.rps, fmt(reads.p50), fmt(reads.p95), fmt(reads.p99), fmt(reads.max), reads.errors + reads.non2xx, `${inbound.deliveries.size} / ${failedInbound}`]],
      },
    ],
    targets: [
      {
        target: "worst latency over 5 minutes with jobs running ≤ 250 ms",
        measured: `${fmt(reads.max)} ms over ${fmt(minutes)} min`,
        met: ctx.options.soak >= 300 ? reads.max <= 250 : null,
      },
    ],
    notes: [
      `Every read path in turn except the message-text search (${paths.length} paths), while 20 customers' messages a second arrive${ctx.options.soakBurst ? `, each second starting with ${ctx.options.soakBurst} at once from one new contact` : ", evenly spread"}.`,
      `Slowest requests (ms at UTC end time; the jobs run at the start of each minute): ${reads.worst.map((w) => `${w.ms} at ${w.at}`).join(", ")}.`,
      ...(ctx.options.soak < 300 ? [`Ran ${ctx.options.soak} s, shorter than the 5 minutes of the target: indicative only.`] : []),
    ],
    data: reads,
  };
}
