import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { whatsapps, channelAuthEntries } from "./db/schema";
import { FakeWhatsApp } from "./channels/baileys/fakeSocket";
import { startTestApp, type StartOptions, type TestApp } from "./test/harness";

/** Processes of each role on one machine: what each runs and what its /healthz says. */
let apps: TestApp[] = [];
const start = async (role: string, opts: StartOptions = {}) => {
  const t = await startTestApp({ ...opts, env: { ROLE: role, ...opts.env }, build: { jobs: true, eventGraceMs: 0, ...opts.build } });
  apps.push(t);
  return t;
};
afterEach(async () => {
  await Promise.all(apps.map((t) => t.close()));
  apps = [];
});

const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
};

async function closedPort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A WhatsApp Web connection of the platform's company, paired as far as a restart can tell. */
async function pairedConnection(t: TestApp, name: string) {
  const db = t.built.ctx.db;
  const [row] = await db
    .insert(whatsapps)
    .values({ companyId: 1, name, channel: "baileys", token: `tok-${name}-${Date.now()}` })
    .returning();
  await db.insert(channelAuthEntries).values({ companyId: 1, whatsappId: row.id, key: "creds", value: JSON.stringify({ me: { id: "5511999990000:1@s.whatsapp.net" } }) });
  return row;
}

const ownerOf = async (t: TestApp, id: number) => (await t.built.ctx.database.query<{ owner: string | null }>("select session_owner as owner from whatsapps where id = $1", [id]))[0].owner;
/** The job queues a process created when it started its job runner (the tables exist for every role). */
const jobQueueCount = async (t: TestApp) => Number((await t.built.ctx.database.query<{ n: number }>("select count(*) as n from pgboss.queue"))[0].n);
const staleEvent = async (t: TestApp) =>
  Number((await t.built.ctx.database.query<{ id: number }>("insert into domain_events (type, stream, data, created_at) values ('test.unheard', 'test:1', '{}', now() - interval '1 hour') returning id"))[0].id);
/** A dispatched event is deleted. */
const dispatched = async (t: TestApp, id: number) => (await t.built.ctx.database.query("select 1 from domain_events where id = $1", [id])).length === 0;

describe("ROLE=web", () => {
  it("serves the API and sockets, runs no jobs nor event sweep, and never claims a session", async () => {
    const t = await start("web");
    const health = await t.http.get("/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok", role: "web", database: "ok", databaseKind: t.built.ctx.database.kind, jobs: "off", sessions: [] });
    expect((await t.http.get("/version")).status).toBe(200);
    expect(await jobQueueCount(t)).toBe(0);

    const event = await staleEvent(t);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await dispatched(t, event)).toBe(false);

    const w = await pairedConnection(t, "Web role");
    const fake = new FakeWhatsApp();
    t.built.ctx.channels.baileys = { ...t.built.ctx.channels.baileys, ...fake.options };
    await t.built.ctx.channels.resumeSessions();
    expect(await t.built.ctx.channels.lease.claim(w.id)).toBe(false);
    await t.built.ctx.channels.adapterFor(w).connect();
    expect(fake.sockets).toHaveLength(0);
    expect(await ownerOf(t, w.id)).toBeNull();
    expect((await t.http.get("/healthz")).body.sessions).toEqual([]);
  }, 120_000);
});

describe("ROLE=worker", () => {
  it("runs the jobs and the event sweep, holds sessions, and answers GET /healthz only", async () => {
    const t = await start("worker");
    const health = await t.http.get("/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok", role: "worker", database: "ok", databaseKind: t.built.ctx.database.kind, jobs: "running", sessions: [] });
    expect(await jobQueueCount(t)).toBeGreaterThan(0);
    const event = await staleEvent(t);
    expect(await until(() => dispatched(t, event), 8_000)).toBe(true);

    for (const [method, path] of [
      ["GET", "/version"],
      ["POST", "/auth/login"],
      ["GET", "/openapi.json"],
      ["GET", "/socket.io/?EIO=4&transport=polling"],
      ["GET", "/webhooks/cloud"],
    ]) {
      const res = await t.http.request(method, path, { body: method === "POST" ? {} : undefined });
      expect([path, res.status]).toEqual([path, 404]);
    }

    const w = await pairedConnection(t, "Worker role");
    expect(await t.built.ctx.channels.lease.claim(w.id)).toBe(true);
    expect(await ownerOf(t, w.id)).toBe(t.built.ctx.channels.lease.owner);
    expect((await t.http.get("/healthz")).body.sessions).toEqual([w.id]);
  }, 120_000);
});

describe("ROLE=all", () => {
  it("does both, and reports the same shape", async () => {
    const t = await start("all");
    const health = await t.http.get("/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok", role: "all", database: "ok", databaseKind: t.built.ctx.database.kind, jobs: "running", sessions: [] });
    expect((await t.http.get("/version")).status).toBe(200);
  }, 120_000);
});

describe("/healthz with Redis", () => {
  it.each(["web", "worker", "all"])(
    "reports Redis for ROLE=%s: 200 while it answers",
    async (role) => {
      const t = await start(role, { env: { REDIS_URL: "redis://127.0.0.1:6379" } });
      const health = await t.http.get("/healthz");
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: "ok", role, database: "ok", redis: "ok" });
    },
    120_000,
  );

  it.each(["web", "worker"])(
    "ROLE=%s starts with Redis unreachable and answers 503 without saying more than its state",
    async (role) => {
      const url = `redis://:hunter2-password@127.0.0.1:${await closedPort()}`;
      const t = await start(role, { env: { REDIS_URL: url } });
      const health = await t.http.get("/healthz");
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ status: "degraded", role, database: "ok", redis: "down" });
      expect(JSON.stringify(health.body)).not.toMatch(/hunter2|127\.0\.0\.1/);
    },
    120_000,
  );
});
