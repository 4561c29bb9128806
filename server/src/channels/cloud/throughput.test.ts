// Cloud API throughput: Graph's rate limits, the pair rate and retries by the job runner.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, startTestApp, type TestApp } from "../../test/harness";
import { messages } from "../../db/schema";
import { redeliverPending, retryDueSends } from "../../automation/outbox";
import { cloudPacing } from "./pacing";
import type { CloudGraphStandIn } from "../../test/standins/cloudGraph";
import { CLOUD, inbound, signDelivery, useCloudConnection, type CloudConnection } from "../../test/cloudConnection";

const cloud = useCloudConnection();
const { deliver, messageByExternalId } = cloud;
let t: TestApp;
let graph: CloudGraphStandIn;
let admin: CloudConnection["admin"];
beforeAll(() => ({ t, graph, admin } = cloud));

describe("cloud throughput: Graph's rate limits and the pair rate", () => {
  let ticketId: number;
  const number = "5511911110000";

  beforeAll(async () => {
    ticketId = (await cloud.ticketTakenByAdmin(number, "Cliente Ritmo", "Olá")).ticketId;
  });

  const rowOf = async (id: number) => (await t.built.ctx.db.select().from(messages).where(eq(messages.id, id)))[0];
  /** The attendant sends: answers the stored message as the send left it. */
  const send = async (toTicket: number, body: string) => {
    expect((await t.http.post(`/messages/${toTicket}`, { body }, admin.token)).status).toBe(200);
    const rows = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, toTicket), eq(messages.body, body)));
    return rows.sort((a, b) => a.id - b.id).at(-1)!;
  };

  it("keeps a message Graph turned back for throughput (130429) pending, then sends it once after the Retry-After", async () => {
    graph.failNext = 130429;
    graph.failNextRetryAfter = "1";
    const row = await send(ticketId, "Seu pedido saiu para entrega");
    expect(row).toMatchObject({ sendStatus: "pending", sendAttempts: 1 });
    expect(row.retryAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 500);

    // before its time nothing goes: not by the retry job, not by the sweep of messages a stop left pending
    expect(await retryDueSends(t.built.ctx)).toBe(0);
    await redeliverPending(t.built.ctx, 0);
    expect(graph.sends()).toHaveLength(1);

    // the retry lives in the database: what the job runs at its time (in this process or after a restart) sends it
    await new Promise((resolve) => setTimeout(resolve, row.retryAt!.getTime() - Date.now() + 50));
    expect(await retryDueSends(t.built.ctx)).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ sendStatus: "sent", ack: 1, sendAttempts: 0, retryAt: null, externalId: expect.stringMatching(/^wamid\.OUT/) });
    expect(graph.sends().map((s) => s.json.text.body)).toEqual(["Seu pedido saiu para entrega", "Seu pedido saiu para entrega"]);

    // sent once: nothing sends it again
    expect(await retryDueSends(t.built.ctx)).toBe(0);
    await redeliverPending(t.built.ctx, 0);
    expect(graph.sends()).toHaveLength(2);
  });

  it("backs off on the pair rate limit (131056) at least Meta's 6 seconds, and fails other errors as before", async () => {
    graph.failNext = 131056;
    const row = await send(ticketId, "Mais uma");
    expect(row).toMatchObject({ sendStatus: "pending", sendAttempts: 1 });
    expect(row.retryAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 5_000);
    // the customer's message is not lost: it goes at its time
    await t.built.ctx.db.update(messages).set({ retryAt: new Date() }).where(eq(messages.id, row.id));
    expect(await retryDueSends(t.built.ctx)).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ sendStatus: "sent" });

    graph.failNext = 131047;
    expect(await send(ticketId, "Fora da janela")).toMatchObject({ sendStatus: "failed", sendAttempts: 0, retryAt: null });
  });

  it("leaves a message failed after 10 sends in a row turned back, for an attendant to send again", async () => {
    graph.failNext = 130429;
    const row = await send(ticketId, "Insistente");
    expect(row).toMatchObject({ sendStatus: "pending", sendAttempts: 1 });
    // nine sends turned back already: the tenth gives up
    await t.built.ctx.db.update(messages).set({ sendAttempts: 9, retryAt: new Date() }).where(eq(messages.id, row.id));
    graph.failNext = 130429;
    expect(await retryDueSends(t.built.ctx)).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ sendStatus: "failed", sendAttempts: 0, retryAt: null });
    expect(await retryDueSends(t.built.ctx)).toBe(0);
    expect(graph.sends().filter((s) => s.json.text?.body === "Insistente")).toHaveLength(2);
  });

  it("paces the sends to one customer to the pair rate, without slowing the sends to others", async () => {
    const pacing = cloudPacing(t.built.ctx);
    const saved = { pairIntervalMs: pacing.pairIntervalMs, pairBurst: pacing.pairBurst, turn: pacing.turn };
    const interval = 1_000;
    Object.assign(pacing, { pairIntervalMs: interval, pairBurst: 2 });
    // when each send left the pacing for Graph, and how long it waited there, per customer
    const left = new Map<string, number[]>();
    const waited = new Map<string, number[]>();
    pacing.turn = async (connectionId, to, messagesPerSecond) => {
      const at = Date.now();
      await saved.turn.call(pacing, connectionId, to, messagesPerSecond);
      left.set(to, [...(left.get(to) ?? []), Date.now()]);
      waited.set(to, [...(waited.get(to) ?? []), Date.now() - at]);
    };
    try {
      const openTicket = async (from: string) => {
        const payload = inbound(from, "Cliente", { type: "text", text: { body: "Oi" } });
        await deliver(payload);
        const [msg] = await messageByExternalId(payload.entry[0].changes[0].value.messages[0].id);
        expect((await t.http.put(`/tickets/${msg.ticketId}`, { status: "open", userId: admin.user.id }, admin.token)).status).toBe(200);
        return msg.ticketId;
      };
      const pacedNumber = "5511911113333";
      const otherNumber = "5511911112222";
      const pacedTicket = await openTicket(pacedNumber);
      const otherTicket = await openTicket(otherNumber);
      graph.seen = [];

      const burst = Array.from({ length: 5 }, (_, i) => send(pacedTicket, `Parte ${i + 1}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await send(otherTicket, "Para outro cliente")).toMatchObject({ sendStatus: "sent" });
      const answers = await Promise.all(burst);
      expect(answers.map((a) => a.sendStatus)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
      expect(graph.sends().filter((s) => s.json.to === pacedNumber)).toHaveLength(5);

      // a burst of 2, then one a second: the fifth leaves at least 3 intervals after the first
      const times = left.get(pacedNumber)!;
      expect(times).toHaveLength(5);
      expect(times[4] - times[0]).toBeGreaterThanOrEqual(3 * interval - 20);
      // the other customer's message did not wait behind them (its wait is the number's 12.5 ms
      // spacing plus the timers' lateness on a busy machine, never a pair interval)
      expect(waited.get(otherNumber)).toEqual([expect.any(Number)]);
      expect(waited.get(otherNumber)![0]).toBeLessThan(interval);
    } finally {
      Object.assign(pacing, saved);
    }
  });
});

describe("cloud retries with the job runner", () => {
  let jobs: TestApp;
  let conn: { id: number };
  let token: string;
  let userId: number;

  beforeAll(async () => {
    jobs = await startTestApp({ build: { jobs: true } });
    ({
      token,
      user: { id: userId },
    } = await jobs.http.login(ADMIN.email, ADMIN.password));
    const created = await jobs.http.post(
      "/whatsapp",
      { name: "Cloud Jobs", channel: "cloud", cloud: { phoneNumberId: CLOUD.phoneNumberId, accessToken: CLOUD.accessToken, appSecret: CLOUD.appSecret, verifyToken: CLOUD.verifyToken, graphUrl: graph.url } },
      token,
    );
    expect(created.status).toBe(201);
    conn = created.body;
  });
  afterAll(async () => jobs?.close());

  it("sends a message Graph turned back at its time, on its own, once", async () => {
    const payload = inbound("5511955550000", "Cliente Fila", { type: "text", text: { body: "Oi" } });
    const raw = JSON.stringify(payload);
    const res = await fetch(`${jobs.url}/webhooks/whatsapp-cloud/${conn.id}`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signDelivery(raw) }, body: raw });
    expect(res.status).toBe(200);
    const db = jobs.built.ctx.db;
    const [customerMsg] = await db.select().from(messages).where(eq(messages.externalId, payload.entry[0].changes[0].value.messages[0].id));
    expect((await jobs.http.put(`/tickets/${customerMsg.ticketId}`, { status: "open", userId }, token)).status).toBe(200);
    graph.seen = [];
    graph.failNext = 130429;
    graph.failNextRetryAfter = "1";
    expect((await jobs.http.post(`/messages/${customerMsg.ticketId}`, { body: "Volto já" }, token)).status).toBe(200);
    const sent = async () =>
      (
        await db
          .select()
          .from(messages)
          .where(and(eq(messages.ticketId, customerMsg.ticketId), eq(messages.body, "Volto já")))
      )[0];
    expect(await sent()).toMatchObject({ sendStatus: "pending" });
    await expect.poll(async () => (await sent()).sendStatus, { timeout: 15_000, interval: 250 }).toBe("sent");
    expect(graph.sends().filter((s) => s.json.text?.body === "Volto já")).toHaveLength(2); // the one turned back, the one taken
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(graph.sends().filter((s) => s.json.text?.body === "Volto já")).toHaveLength(2);
  });
});
