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
  const paths = readPaths(ctx);
  let i = 0;
  const nextPath = () => paths[i++ % paths.length].nextPath();
  ctx.say(`  soak: ${ctx.options.soak} s of mixed reads + ${TRICKLE_PER_SECOND} inbound msg/s`);
  const inbound = new InboundLoad(ctx.server.url, company.whatsapps[0], company.id, company.contactNumbers, String(crypto.randomInt(100_000, 999_999)));
  const [reads] = await Promise.all([
    measure({ url: ctx.server.url, token, connections: ctx.options.connections, nextPath }, 0, ctx.options.soak),
    inbound.fixedRate(TRICKLE_PER_SECOND, Math.floor(ctx.options.soak)),
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
    notes: ctx.options.soak < 300 ? [`Ran ${ctx.options.soak} s, shorter than the 5 minutes of the target: indicative only.`] : [],
    data: reads,
  };
}
