import { afterAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ADMIN, startTestApp, unique, type TestApp } from "../../test/harness";
import { reachable } from "../../test/processes";
import { whatsapps } from "../../db/schema";
import { AppError } from "../../http/errors";
import { FakeWhatsApp } from "../baileys/fakeSocket";
import { ANY_HOLDER, SessionMoved, SessionRequests, SessionUnreachable, type SessionRequest } from "./sessionRequests";

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await reachable(REDIS_URL);
if (!redisUp && process.env.REQUIRE_REDIS) throw new Error(`REQUIRE_REDIS is set but Redis is not reachable at ${REDIS_URL}`);

const opened: SessionRequests[] = [];
const processNamed = async (name: string, serve: (request: SessionRequest, any: boolean) => Promise<unknown>, timeoutMs = 5_000) => {
  const requests = new SessionRequests(REDIS_URL, `${unique(name)}-test`, serve, { timeoutMs });
  opened.push(requests);
  await requests.ready;
  return requests;
};
const never = () => new Promise<never>(() => undefined);
const ask: SessionRequest = { whatsappId: 1, companyId: 1, op: "sendText", args: ["5511977770001", "Oi", {}] };
let t: TestApp | undefined;

afterAll(async () => {
  await Promise.all(opened.map((r) => r.stop()));
  await t?.close();
});

describe.skipIf(!redisUp)("session requests between processes", () => {
  it("carry a request and its file to the holder, and its answer or error back", async () => {
    const holder = await processNamed("holder", async (request) => {
      if (request.args[1] === "boom") throw new AppError("ERR_SENDING_WAPP_MSG", 400);
      return { externalId: `${request.op}:${request.media?.toString() ?? ""}` };
    });
    const caller = await processNamed("caller", never);
    expect(await caller.request(holder.self, { ...ask, op: "sendMedia", media: Buffer.from("bytes") })).toEqual({ externalId: "sendMedia:bytes" });
    await expect(caller.request(holder.self, { ...ask, args: ["5511977770001", "boom"] })).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG", status: 400 });
  });

  it("fail at once, unsent, when the holder is gone, and as unknown when it does not answer in time", async () => {
    const caller = await processNamed("caller", never);
    const started = Date.now();
    const gone = await caller.request("nobody-listens-here", ask).catch((err) => err);
    expect(gone).toBeInstanceOf(SessionUnreachable);
    expect(gone).toMatchObject({ code: "ERR_SESSION_UNREACHABLE", status: 503, handedOver: false });
    expect(Date.now() - started).toBeLessThan(1_000);

    const stuck = await processNamed("stuck", never);
    const quick = await processNamed("quick", never, 300);
    expect(await quick.request(stuck.self, ask).catch((err) => err)).toMatchObject({ code: "ERR_SESSION_UNREACHABLE", handedOver: true });
  });

  it("fail as unsent while Redis cannot be reached", async () => {
    const cut = new SessionRequests("redis://127.0.0.1:1", unique("cut-off-"), never, { timeoutMs: 5_000 });
    try {
      const started = Date.now();
      expect(await cut.request("anyone", ask).catch((err) => err)).toMatchObject({ code: "ERR_SESSION_UNREACHABLE", handedOver: false });
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await cut.stop();
    }
  });

  it("sent to any holder: the process that takes it answers; none taking it is a move", async () => {
    const declining = async () => {
      throw new SessionMoved();
    };
    const one = await processNamed("one", declining);
    const two = await processNamed("two", async (_request, any) => (any ? "taken by two" : "direct"));
    await Promise.all([one.listenToAny(), two.listenToAny()]);
    const caller = await processNamed("caller", never);
    // a connection no database has: any other server listening on this Redis declines it too
    const connect: SessionRequest = { whatsappId: 2_000_000_000, companyId: 1, op: "connect", args: [] };
    expect(await caller.request(ANY_HOLDER, connect)).toBe("taken by two");
    await two.stop();
    await expect(caller.request(ANY_HOLDER, connect)).rejects.toBeInstanceOf(SessionMoved);
  });

  it("answer 503 ERR_SESSION_UNREACHABLE over HTTP when the session's holder is gone", async () => {
    t = await startTestApp({ env: { REDIS_URL } });
    t.built.ctx.channels.baileys = new FakeWhatsApp().options;
    const { token } = await t.http.login(ADMIN.email, ADMIN.password);
    const created = await t.http.post("/whatsapp", { name: unique("Web "), channel: "baileys" }, token);
    await t.built.ctx.channels.forget(created.body.id);
    // a process that held the session a moment ago, whose lease has not lapsed yet
    await t.built.ctx.db
      .update(whatsapps)
      .set({ sessionOwner: "gone-host-1-dead", sessionLeaseUntil: sql`now() + interval '1 minute'` })
      .where(eq(whatsapps.id, created.body.id));
    const res = await t.http.put(`/whatsappsession/${created.body.id}`, {}, token);
    expect(res).toMatchObject({ status: 503, body: { error: "ERR_SESSION_UNREACHABLE" } });

    // its lease lapsed and nobody took it yet: a send waits (unsent) while the connection was up, fails while it was not
    const channel = t.built.ctx.channels.adapterFor({ ...created.body, channel: "baileys" });
    await t.built.ctx.db
      .update(whatsapps)
      .set({ status: "CONNECTED", sessionLeaseUntil: sql`now() - interval '1 second'` })
      .where(eq(whatsapps.id, created.body.id));
    expect(await channel.sendText("5511977770001", "Oi").catch((err) => err)).toMatchObject({ code: "ERR_SESSION_UNREACHABLE", handedOver: false });
    await t.built.ctx.db.update(whatsapps).set({ status: "DISCONNECTED" }).where(eq(whatsapps.id, created.body.id));
    await expect(channel.sendText("5511977770001", "Oi")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
  });
});
