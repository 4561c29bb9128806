import { SEARCH } from "../dataset/texts";
import { ceiling, CpuMeter, usableCores } from "../lib/cpu";
import { request } from "../lib/http";
import { measure, rotate, type LoadResult } from "../lib/loadgen";
import { fmt, type PartResult, type ReadRow, type TargetCheck } from "../lib/results";
import { load1 } from "../lib/stats";
import type { CompanyInfo } from "../dataset/manifest";
import type { PartContext } from "./context";

export interface ReadPath {
  name: string;
  nextPath: () => string;
  /** Who signs in for it: the company's admin unless named. */
  email?: string;
}

/**
 * The attendant the lists are also read as: the first one with more than one queue (the
 * dataset gives every other attendant a second queue), as the web client asks for them.
 */
export function attendant(company: CompanyInfo) {
  const index = Math.max(
    0,
    company.agentQueueIds.findIndex((queues) => queues.length > 1),
  );
  return company.agentEmails[index] ? { email: company.agentEmails[index], queueIds: company.agentQueueIds[index] } : undefined;
}

const inQueues = (ids: number[]) => encodeURIComponent(JSON.stringify(ids));

/** An attendant's list of a status: show all off, their queues. */
export const attendantList = (queueIds: number[], status: string) => `/tickets?pageNumber=1&showAll=false&queueIds=${inQueues(queueIds)}&status=${status}`;

/** The read paths of the issue, as the web client calls them, for the largest company's admin (and an attendant's lists). */
export function readPaths(ctx: PartContext): ReadPath[] {
  const company = ctx.manifest.companies[0];
  const { openTicketIds, longConversationIds } = ctx.manifest.target;
  const list = (extra: string) => () => `/tickets?pageNumber=1&showAll=true&queueIds=${inQueues(company.queueIds)}&${extra}`;
  const paths: ReadPath[] = [
    { name: "GET /tickets pending", nextPath: list("status=pending") },
    { name: "GET /tickets open", nextPath: list("status=open") },
    { name: "GET /tickets closed", nextPath: list("status=closed") },
  ];
  const agent = attendant(company);
  if (agent) {
    for (const status of ["pending", "open"]) {
      paths.push({ name: `GET /tickets ${status}, as an attendant`, nextPath: () => attendantList(agent.queueIds, status), email: agent.email });
    }
  }
  paths.push(
    { name: `GET /tickets search "${SEARCH.messageText}"`, nextPath: list(`searchParam=${SEARCH.messageText}`) },
    { name: `GET /tickets search "${SEARCH.absentText}" (in no message)`, nextPath: list(`searchParam=${SEARCH.absentText}`) },
  );
  if (openTicketIds.length) {
    const next = rotate(openTicketIds);
    paths.push({ name: "GET /messages/:ticketId page 1", nextPath: () => `/messages/${next()}?pageNumber=1` });
  }
  if (longConversationIds.length) {
    const next = rotate(longConversationIds);
    paths.push({ name: "GET /messages/:ticketId page 2", nextPath: () => `/messages/${next()}?pageNumber=2` });
  }
  paths.push({ name: `GET /contacts search "${SEARCH.contactName}"`, nextPath: () => `/contacts?searchParam=${SEARCH.contactName}&pageNumber=1` });
  paths.push({ name: "GET /dashboard (30 days)", nextPath: () => `/dashboard?days=30` });
  return paths;
}

export const toRow = (path: string, r: LoadResult, backend: string): ReadRow => ({
  path,
  rps: r.rps,
  p50: r.p50,
  p95: r.p95,
  p99: r.p99,
  max: r.max,
  errors: r.errors + r.non2xx,
  cpuMs: r.cpuMsPerRequest?.total,
  cpuServerMs: r.cpuMsPerRequest?.server,
  cpuDatabaseMs: r.cpuMsPerRequest?.database,
  ceiling: r.cpuMsPerRequest ? ceiling(r.cpuMsPerRequest.total, backend) : undefined,
});

/** Total CPU ms per request, with the server's and the database's parts when measured apart (results before 2026-11-26 12:45 UTC have the total only). */
const cpuCell = (r: ReadRow) => (r.cpuServerMs === undefined ? fmt(r.cpuMs ?? NaN, 2) : `${fmt(r.cpuMs ?? NaN, 2)} (${fmt(r.cpuServerMs, 2)} + ${fmt(r.cpuDatabaseMs ?? NaN, 2)})`);

/** The lists with a target, as the admin and as an attendant. */
const TICKET_LISTS = ["pending", "open"].flatMap((status) => [`GET /tickets ${status}`, `GET /tickets ${status}, as an attendant`]);

function targetsOf(size: string, rows: ReadRow[]): TargetCheck[] {
  const row = (prefix: string) => rows.find((r) => r.path.startsWith(prefix));
  const named = (path: string) => rows.find((r) => r.path === path);
  const checks: TargetCheck[] = [];
  const check = (target: string, r: ReadRow | undefined, measured: (r: ReadRow) => string, ok: (r: ReadRow) => boolean) =>
    checks.push(r ? { target, measured: measured(r), met: ok(r) } : { target, measured: "not measured", met: null });
  if (size === "reference") {
    for (const list of TICKET_LISTS) {
      check(
        `reference: ${list} ≥ 700 req/s, p99 ≤ 25 ms`,
        named(list),
        (r) => `${r.rps} req/s (CPU bound ${r.ceiling ?? "–"}/s), p99 ${fmt(r.p99)} ms`,
        (r) => r.rps >= 700 && r.p99 <= 25,
      );
    }
    check(
      "reference: ticket search by message text p99 ≤ 100 ms",
      row(`GET /tickets search "${SEARCH.messageText}"`),
      (r) => `p99 ${fmt(r.p99)} ms`,
      (r) => r.p99 <= 100,
    );
    check(
      "reference: the same, for a word no message holds",
      row(`GET /tickets search "${SEARCH.absentText}"`),
      (r) => `p99 ${fmt(r.p99)} ms`,
      (r) => r.p99 <= 100,
    );
    check(
      "reference: GET /messages/:ticketId ≥ 1,200 req/s",
      row("GET /messages/:ticketId page 1"),
      (r) => `${r.rps} req/s (CPU bound ${r.ceiling ?? "–"}/s)`,
      (r) => r.rps >= 1200,
    );
    check(
      "reference: dashboard p99 ≤ 50 ms",
      row("GET /dashboard"),
      (r) => `p99 ${fmt(r.p99)} ms`,
      (r) => r.p99 <= 50,
    );
  }
  if (size === "large") {
    for (const list of TICKET_LISTS)
      check(
        `large: ${list} p95 ≤ 25 ms`,
        named(list),
        (r) => `p95 ${fmt(r.p95)} ms`,
        (r) => r.p95 <= 25,
      );
    check(
      "large: GET /messages/:ticketId p95 ≤ 15 ms",
      row("GET /messages/:ticketId page 1"),
      (r) => `p95 ${fmt(r.p95)} ms`,
      (r) => r.p95 <= 15,
    );
  }
  return checks;
}

/** Each read path with autocannon: `warmup` seconds thrown away, then `duration` seconds measured. */
export async function runReads(ctx: PartContext): Promise<PartResult> {
  const before = load1();
  const company = ctx.manifest.companies[0];
  const rows: ReadRow[] = [];
  const notes: string[] = [];
  const wanted = ctx.options.paths;
  const paths = readPaths(ctx).filter((p) => !wanted.length || wanted.some((w) => p.name.toLowerCase().includes(w)));
  const ready: { path: ReadPath; token: string }[] = [];
  for (const path of paths) {
    const token = await ctx.sessions.token(path.email ?? company.adminEmail);
    // a path that answers an error is reported, not measured
    const probe = await request(ctx.server.url, "GET", path.nextPath(), undefined, token);
    if (probe.status !== 200) notes.push(`${path.name}: skipped, the server answered ${probe.status} ${JSON.stringify(probe.body).slice(0, 120)}`);
    else ready.push({ path, token });
  }
  // A server that has just started (and its database connections) takes more CPU per request for a
  // minute or so, whatever it is asked: the first path measured paid for it
  if (ctx.options.serverWarmup > 0 && ready.length) {
    ctx.say(`  reads: warming the server up for ${ctx.options.serverWarmup} s over every path`);
    const each = Math.max(1, Math.round(ctx.options.serverWarmup / ready.length));
    for (const { path, token } of ready) await measure({ url: ctx.server.url, token, connections: ctx.options.connections, nextPath: path.nextPath }, 0, each);
  }
  for (const { path, token } of ready) {
    ctx.say(`  reads: ${path.name}`);
    const meter = new CpuMeter(ctx.server.pid, ctx.database.url);
    const result = await measure({ url: ctx.server.url, token, connections: ctx.options.connections, nextPath: path.nextPath }, ctx.options.warmup, ctx.options.duration, meter);
    rows.push(toRow(path.name, result, ctx.backend));
  }
  if (!ctx.manifest.target.longConversationIds.length) notes.push("GET /messages page 2: no conversation in this dataset is longer than one page (20 messages), so there is no older page to read.");
  notes.push(
    "CPU ms/req is the server's and its database backends' CPU time over the measured seconds divided by the requests (from /proc; the load generator is not counted). It hardly depends on other processes, so the last column is what the cores could serve with nothing else running: an upper bound, since the load generator needs CPU too. PGlite runs the database in the server's thread: one core.",
  );
  const agentPath = paths.find((p) => p.email);
  notes.push(
    `As the admin of "${company.name}" (id ${company.id}), showAll=true and queueIds = all its queues; /messages rotates over ${ctx.manifest.target.openTicketIds.length} open tickets (page 1 also marks them read).` +
      (agentPath ? ` The attendant's lists: ${agentPath.email}, showAll=false and queueIds = the attendant's queues (their own tickets, and the unassigned ones of those queues).` : ""),
  );
  return {
    part: "reads",
    backend: ctx.backend,
    size: ctx.size,
    load: { before, after: load1() },
    tables: [
      {
        title: `Read paths (${ctx.options.connections} connections, ${ctx.options.duration} s after ${ctx.options.warmup} s warm-up)`,
        headers: ["path", "req/s", "p50 ms", "p95 ms", "p99 ms", "max ms", "errors", "CPU ms/req (server + db)", `req/s ${usableCores(ctx.backend)} core(s) could serve`],
        rows: rows.map((r) => [r.path, r.rps, fmt(r.p50), fmt(r.p95), fmt(r.p99), fmt(r.max), r.errors, cpuCell(r), r.ceiling ?? "–"]),
      },
    ],
    targets: ctx.backend === "postgres" ? targetsOf(ctx.size, rows) : [],
    notes,
    data: rows,
  };
}
