import crypto from "node:crypto";
import type { Database } from "../../server/src/db/client";
import { ceiling, CpuMeter, settle, type CpuUsed } from "../lib/cpu";
import { connectSocket, openSockets } from "../lib/http";
import { fmt, type PartResult, type Table } from "../lib/results";
import { load1, percentiles, sleep } from "../lib/stats";
import type { PartContext } from "./context";
import { BURST, InboundLoad } from "./inboundLoad";

const newTag = () => String(crypto.randomInt(100_000, 999_999));

interface RunSummary {
  name: string;
  tag: string;
  sent: number;
  ok: number;
  failed: number;
  msgPerSec: number;
  http: ReturnType<typeof percentiles>;
  toSocket: ReturnType<typeof percentiles>;
  /** The same for the messages of bursts, and for the others. */
  toSocketBursts: ReturnType<typeof percentiles>;
  toSocketOthers: ReturnType<typeof percentiles>;
  missingEvents: number;
  duplicatesAnswered: string;
  /** Server + database CPU ms per stored message, each part, and the msg/s the cores could take at that cost. */
  cpuMs: number;
  cpuServerMs: number;
  cpuDatabaseMs: number;
  /** The whole machine's busy CPU ms per stored message, less the load generator's. */
  cpuMachineMs: number;
  /** The load generator's (this process's) CPU ms per stored message. */
  cpuGeneratorMs: number;
  /** WAL kB and full-page images per stored message (PostgreSQL). */
  walKb: number;
  walFpi: number;
  ceiling: number;
}

function summarize(name: string, load: InboundLoad, run: { sent: number; seconds: number }, resent: { resent: number; answeredAsDuplicate: number }, cpu: CpuUsed, backend: string): RunSummary {
  const all = [...load.deliveries.values()];
  const ok = all.filter((d) => d.status === 201);
  const per = (ms: number) => Math.round((ms / Math.max(1, ok.length)) * 100) / 100;
  const perMessage = per(cpu.total);
  const toSocket = (which: (d: (typeof ok)[number]) => boolean) => percentiles(ok.filter((d) => d.eventAt !== undefined && which(d)).map((d) => d.eventAt! - d.sentAt));
  return {
    cpuMs: perMessage,
    cpuServerMs: per(cpu.server),
    cpuDatabaseMs: per(cpu.database),
    cpuMachineMs: per(cpu.machine),
    cpuGeneratorMs: per(cpu.generator),
    walKb: per(cpu.walBytes / 1024),
    walFpi: per(cpu.walFpi),
    ceiling: ceiling(perMessage, backend),
    name,
    tag: load.tag,
    sent: run.sent,
    ok: ok.length,
    failed: all.length - ok.length,
    msgPerSec: Math.round(ok.length / run.seconds),
    http: percentiles(ok.map((d) => d.httpMs!)),
    toSocket: toSocket(() => true),
    toSocketBursts: toSocket((d) => load.burstNumbers.has(d.number)),
    toSocketOthers: toSocket((d) => !load.burstNumbers.has(d.number)),
    missingEvents: ok.filter((d) => d.eventAt === undefined).length,
    duplicatesAnswered: `${resent.answeredAsDuplicate}/${resent.resent}`,
  };
}

/**
 * Customers write through the sandbox inbound API to the largest company's first connection:
 * a fixed rate (open loop) and full speed (closed loop), with bursts on single contacts, after a
 * warm-up at the fixed rate. Latency is from the request to the appMessage event at the company
 * admin's socket.
 */
export async function runInbound(ctx: PartContext): Promise<PartResult> {
  const before = load1();
  const company = ctx.manifest.companies[0];
  const whatsapp = company.whatsapps[0];
  const socket = await connectSocket(ctx.server.url, await ctx.sessions.token(company.adminEmail));
  socket.emit("joinNotification");
  await sleep(500);
  const runs: RunSummary[] = [];
  try {
    // warm-up, as for the read paths: the server's first messages load the pipeline's modules and
    // prepare its statements on each pooled connection (not measured; their rows are not checked)
    ctx.say(`  inbound: warm-up, ${ctx.options.rate} msg/s for ${ctx.options.warmup} s`);
    const warm = new InboundLoad(ctx.server.url, whatsapp, company.id, company.contactNumbers, newTag());
    await warm.fixedRate(ctx.options.rate, ctx.options.warmup);
    await warm.settle(5_000);
    // each timed run starts with as many open sockets as it can have requests in flight
    const sockets = ctx.options.concurrency + BURST;
    await openSockets(ctx.server.url, sockets);
    const fixed = new InboundLoad(ctx.server.url, whatsapp, company.id, company.contactNumbers, newTag());
    const stopFixed = fixed.listen(socket);
    ctx.say(`  inbound: ${ctx.options.rate} msg/s for ${ctx.options.inboundSeconds} s`);
    const meter = new CpuMeter(ctx.server.pid, ctx.database.url);
    await meter.begin();
    const fixedRun = await fixed.fixedRate(ctx.options.rate, ctx.options.inboundSeconds);
    await fixed.settle(5_000);
    const fixedCpu = await meter.end();
    const fixedResent = await fixed.resend([...fixed.deliveries.keys()].filter((k) => k % 50 === 0));
    stopFixed();
    runs.push(summarize(`fixed rate ${ctx.options.rate}/s`, fixed, fixedRun, fixedResent, fixedCpu, ctx.backend));

    // several full-speed runs, since one run's rate drifts with the machine by a tenth or more
    const runCount = ctx.options.fullSpeedRuns;
    for (let i = 1; i <= runCount; i++) {
      const full = new InboundLoad(ctx.server.url, whatsapp, company.id, company.contactNumbers, newTag());
      const stopFull = full.listen(socket);
      ctx.say(`  inbound: ${ctx.options.fullSpeedMessages} messages at full speed, ${ctx.options.concurrency} in flight (run ${i} of ${runCount})`);
      await settle();
      await openSockets(ctx.server.url, sockets);
      await meter.begin();
      const fullRun = await full.fullSpeed(ctx.options.fullSpeedMessages, ctx.options.concurrency);
      const fullCpu = await meter.end();
      await full.settle(10_000);
      const fullResent = await full.resend([...full.deliveries.keys()].filter((k) => k % 50 === 0));
      stopFull();
      runs.push(summarize(runCount > 1 ? `full speed, run ${i} of ${runCount}` : "full speed", full, fullRun, fullResent, fullCpu, ctx.backend));
    }
  } finally {
    socket.close();
  }

  const table: Table = {
    title: "Inbound ingest (sandbox API → stored → appMessage at an admin socket)",
    headers: [
      "run",
      "sent",
      "stored (2xx)",
      "failed",
      "msg/s",
      "HTTP p50/p95/p99 ms",
      "to socket p50/p95/p99 ms",
      "max ms",
      "events missing",
      "repeats answered as duplicate",
      "CPU ms/msg: total (server + db)",
      "machine CPU ms/msg (less the load generator)",
      "load generator CPU ms/msg",
      "WAL kB/msg (full pages/msg)",
      "msg/s the cores could take",
    ],
    rows: runs.map((r) => [
      r.name,
      r.sent,
      r.ok,
      r.failed,
      r.msgPerSec,
      `${fmt(r.http.p50)} / ${fmt(r.http.p95)} / ${fmt(r.http.p99)}`,
      `${fmt(r.toSocket.p50)} / ${fmt(r.toSocket.p95)} / ${fmt(r.toSocket.p99)}`,
      fmt(r.toSocket.max),
      r.missingEvents,
      r.duplicatesAnswered,
      `${fmt(r.cpuMs, 2)} (${fmt(r.cpuServerMs, 2)} + ${fmt(r.cpuDatabaseMs, 2)})`,
      fmt(r.cpuMachineMs, 2),
      fmt(r.cpuGeneratorMs, 2),
      Number.isFinite(r.walKb) ? `${fmt(r.walKb, 1)} (${fmt(r.walFpi, 2)})` : "–",
      r.ceiling,
    ]),
  };
  const latencies = (p: ReturnType<typeof percentiles>) => `${fmt(p.p50)} / ${fmt(p.p95)} / ${fmt(p.p99)}`;
  const byKind: Table = {
    title: "Inbound: to-socket latency of the bursts' messages and of the others",
    headers: ["run", "bursts: p50/p95/p99 ms", "others: p50/p95/p99 ms"],
    rows: runs.map((r) => [r.name, latencies(r.toSocketBursts), latencies(r.toSocketOthers)]),
  };
  const [fixedRun, ...fullRuns] = runs;
  // the median run by rate (the lower middle one of an even count)
  const fullRun = [...fullRuns].sort((a, b) => a.msgPerSec - b.msgPerSec)[Math.floor((fullRuns.length - 1) / 2)];
  const ofRuns = fullRuns.length > 1 ? `, the median of ${fullRuns.map((r) => r.msgPerSec).join(", ")}` : "";
  const result: PartResult = {
    part: "inbound",
    backend: ctx.backend,
    size: ctx.size,
    load: { before, after: load1() },
    tables: [table, byKind],
    targets: [
      { target: "inbound sustained ≥ 2,000 msg/s", measured: `${fullRun.msgPerSec} msg/s${ofRuns} (CPU bound ${fullRun.ceiling}/s)`, met: fullRun.msgPerSec >= 2000 },
      {
        target: `p99 inbound-to-socket ≤ 50 ms at 200 msg/s`,
        measured: ctx.options.rate === 200 ? `${fmt(fixedRun.toSocket.p99)} ms` : `(ran at ${ctx.options.rate}/s) ${fmt(fixedRun.toSocket.p99)} ms`,
        met: ctx.options.rate === 200 ? fixedRun.toSocket.p99 <= 50 : null,
      },
    ],
    notes: [
      `Target: company "${company.name}" (id ${company.id}), connection ${whatsapp.id}; half the messages from existing contacts, half from new ones; each second (fixed rate) or every 200 messages (full speed) starts a burst of 20 concurrent messages from one new contact.`,
      "Every 50th message is delivered a second time with the same id afterwards; it must be answered as a duplicate and not stored again.",
    ],
    data: runs,
  };
  ctx.afterStop((db) => verifyExactlyOnce(db, runs, whatsapp.id, result));
  return result;
}

/** After the run: each message stored once, none lost, no contact with two active tickets. */
async function verifyExactlyOnce(db: Database, runs: RunSummary[], whatsappId: number, result: PartResult) {
  const rows: (string | number)[][] = [];
  let allGood = true;
  for (const r of runs) {
    const [stored] = await db.query<{ n: string; distinct_ids: string }>(`select count(*) n, count(distinct external_id) distinct_ids from messages where whatsapp_id = $1 and external_id like $2`, [
      whatsappId,
      `BENCHIN-${r.tag}-%`,
    ]);
    const n = Number(stored.n);
    const duplicates = n - Number(stored.distinct_ids);
    const lost = r.ok - n;
    allGood &&= duplicates === 0 && lost === 0;
    rows.push([r.name, r.ok, n, duplicates, lost]);
  }
  // the product's rule: one open or pending ticket per contact and connection
  const [twoActive] = await db.query<{ n: string }>(`select count(*) n from (select company_id, contact_id, whatsapp_id from tickets where status in ('open', 'pending') group by 1, 2, 3 having count(*) > 1) x`);
  const contactsWithTwo = Number(twoActive.n);
  result.tables.push({ title: "Inbound: exactly once (checked in the database afterwards)", headers: ["run", "answered 201", "stored", "duplicates", "lost"], rows });
  result.tables.push({ title: "Inbound: contacts with two open or pending tickets on one connection", headers: ["contacts"], rows: [[contactsWithTwo]] });
  result.targets.push({
    target: "inbound: zero duplicates, zero lost, no contact with two open tickets",
    measured: allGood && contactsWithTwo === 0 ? "every message stored once; no contact with two" : "see the inbound tables",
    met: allGood && contactsWithTwo === 0,
  });
}
