import crypto from "node:crypto";
import { api, request } from "../lib/http";
import { measure } from "../lib/loadgen";
import { fmt, type PartResult } from "../lib/results";
import { load1, sleep } from "../lib/stats";
import type { PartContext } from "./context";
import { InboundLoad } from "./inboundLoad";
import { readPaths } from "./reads";

const CONNECTIONS = 50;
const REPEATS = 3;

/** The lowest of five readings a second apart: RSS jumps while the garbage collector has not run yet. */
async function sample(ctx: PartContext, label: string) {
  let mb = Infinity;
  for (let i = 0; i < 5; i++) {
    mb = Math.min(mb, ctx.server.rssMb());
    await sleep(1_000);
  }
  ctx.rss.push({ label, mb });
  ctx.say(`  memory: ${label}: ${mb} MB`);
  return mb;
}

/** Before any load: RSS idle, then with 50 sandbox connections each having received a message. */
export async function runMemoryStart(ctx: PartContext): Promise<void> {
  await sleep(5_000);
  await sample(ctx, "idle");
  const connections = ctx.manifest.companies.flatMap((c) => c.whatsapps).slice(0, CONNECTIONS);
  // a dataset with fewer connections (the reference has one) gets more, made and paired as an admin would
  const company = ctx.manifest.companies[0];
  const token = await ctx.sessions.token(company.adminEmail);
  for (let i = connections.length; i < CONNECTIONS; i++) {
    const made = await api<{ id: number; token: string }>(ctx.server.url, "POST", "/whatsapp", { name: `Bench memória ${i}`, channel: "sandbox" }, token);
    await api(ctx.server.url, "POST", `/sandbox/${made.id}/pair`, {}, token);
    connections.push({ id: made.id, token: made.token });
  }
  await Promise.all(
    connections.map((w, i) => request(ctx.server.url, "POST", `/sandbox/${w.id}/inbound`, { id: `BENCHMEM-${crypto.randomUUID()}`, number: `559700000${String(i).padStart(4, "0")}`, body: "Olá!" }, w.token)),
  );
  await sleep(2_000);
  await sample(ctx, `${connections.length} sandbox connections in use`);
}

/** After the other parts: RSS after load, then after each of three more rounds of reads and inbound. */
export async function runMemoryEnd(ctx: PartContext): Promise<PartResult> {
  const before = load1();
  await sleep(3_000);
  await sample(ctx, "after the load runs");
  const company = ctx.manifest.companies[0];
  const token = await ctx.sessions.token(company.adminEmail);
  const paths = readPaths(ctx);
  for (let i = 1; i <= REPEATS; i++) {
    // the search is left out here too: a few seconds of it would only measure its own buffers
    for (const path of paths.filter((p) => !p.name.startsWith("GET /tickets search"))) await measure({ url: ctx.server.url, token, connections: ctx.options.connections, nextPath: path.nextPath }, 0, 2);
    const load = new InboundLoad(ctx.server.url, company.whatsapps[0], company.id, company.contactNumbers, String(crypto.randomInt(100_000, 999_999)));
    await load.fullSpeed(500, 32);
    await sleep(2_000);
    await sample(ctx, `after repeat ${i} (every read path 2 s + 500 inbound)`);
  }
  const samples = ctx.rss;
  const repeats = samples.filter((s) => s.label.startsWith("after repeat"));
  const growth = repeats.length > 1 ? repeats[repeats.length - 1].mb - repeats[0].mb : NaN;
  const withConnections = samples.find((s) => s.label.includes("sandbox connections"));
  return {
    part: "memory",
    backend: ctx.backend,
    size: ctx.size,
    load: { before, after: load1() },
    tables: [{ title: "Server memory (RSS of the server process)", headers: ["when", "RSS MB"], rows: samples.map((s) => [s.label, s.mb]) }],
    targets: [
      withConnections
        ? { target: "server RSS ≤ 250 MB with 50 sandbox connections", measured: `${withConnections.mb} MB`, met: withConnections.mb <= 250 }
        : { target: "server RSS ≤ 250 MB with 50 sandbox connections", measured: "not measured", met: null },
      { target: "no memory growth after repeated runs", measured: `${fmt(growth, 0)} MB from repeat 1 to ${REPEATS}`, met: Number.isFinite(growth) ? growth <= 20 : null },
    ],
    notes: [
      "Each RSS is the lowest of five readings a second apart. Growth of up to 20 MB between repeats is taken as noise (the V8 heap grows in steps and is collected lazily).",
      "The server runs from its TypeScript sources through tsx (`npm start` runs the same code compiled to JavaScript). WhatsApp Web's library (baileys) and the spreadsheet library load on first use, so they are not in these figures unless a baileys session is paired.",
    ],
    data: samples,
  };
}
