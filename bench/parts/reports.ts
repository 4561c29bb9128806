import { CpuMeter, usableCores } from "../lib/cpu";
import { request } from "../lib/http";
import { measure } from "../lib/loadgen";
import { fmt, type PartResult, type ReadRow } from "../lib/results";
import { load1 } from "../lib/stats";
import type { PartContext } from "./context";
import { toRow } from "./reads";

const GROUP_BY = ["day", "attendant", "queue", "connection", "tag"] as const;
const SPANS = [30, 365] as const;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The reports page's `GET /reports/service` for each dimension over the last 30 and 365 days, as the largest company's admin. */
export async function runReports(ctx: PartContext): Promise<PartResult> {
  const before = load1();
  const company = ctx.manifest.companies[0];
  const token = await ctx.sessions.token(company.adminEmail);
  const today = new Date();
  const rows: ReadRow[] = [];
  const notes: string[] = [];
  const paths = SPANS.flatMap((days) =>
    GROUP_BY.map((groupBy) => ({
      name: `GET /reports/service ${groupBy}, ${days} days`,
      path: `/reports/service?from=${isoDay(new Date(today.getTime() - (days - 1) * 86_400_000))}&to=${isoDay(today)}&groupBy=${groupBy}`,
    })),
  );
  const ready = [];
  for (const p of paths) {
    const probe = await request(ctx.server.url, "GET", p.path, undefined, token);
    if (probe.status !== 200) notes.push(`${p.name}: skipped, the server answered ${probe.status} ${JSON.stringify(probe.body).slice(0, 120)}`);
    else {
      ready.push(p);
      if (p.name.endsWith("day, 365 days")) notes.push(`365 days: ${(probe.body as { totals: { conversations: number } }).totals.conversations} conversations of "${company.name}" in the period.`);
    }
  }
  if (ctx.options.serverWarmup > 0 && ready.length) {
    const each = Math.max(1, Math.round(ctx.options.serverWarmup / ready.length));
    for (const p of ready) await measure({ url: ctx.server.url, token, connections: ctx.options.connections, nextPath: () => p.path }, 0, each);
  }
  for (const p of ready) {
    ctx.say(`  reports: ${p.name}`);
    const meter = new CpuMeter(ctx.server.pid, ctx.database.url);
    const result = await measure({ url: ctx.server.url, token, connections: ctx.options.connections, nextPath: () => p.path }, ctx.options.warmup, ctx.options.duration, meter);
    rows.push(toRow(p.name, result, ctx.backend));
  }
  notes.push("CPU ms/req: the server's and its database backends' CPU over the measured seconds divided by the requests, as in the reads part.");
  return {
    part: "reports",
    backend: ctx.backend,
    size: ctx.size,
    load: { before, after: load1() },
    tables: [
      {
        title: `GET /reports/service (${ctx.options.connections} connections, ${ctx.options.duration} s after ${ctx.options.warmup} s warm-up)`,
        headers: ["path", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "CPU ms/req (server + db)", `req/s ${usableCores(ctx.backend)} core(s) could serve`],
        rows: rows.map((r) => [
          r.path,
          r.rps,
          fmt(r.p50),
          fmt(r.p95),
          fmt(r.p99),
          fmt(r.max),
          r.errors,
          `${fmt(r.cpuMs ?? NaN, 2)} (${fmt(r.cpuServerMs ?? NaN, 2)} + ${fmt(r.cpuDatabaseMs ?? NaN, 2)})`,
          r.ceiling ?? "–",
        ]),
      },
    ],
    targets: [],
    notes,
    data: rows,
  };
}
