import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { insertContact, insertTicket } from "../../test/workspaceFixtures";
import { startWebhookReceiver } from "../../test/webhookReceiver";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { command } from "../../events/command";
import { EventLog } from "../../events/record";
import { deliverDueWebhooks } from "../../jobs/deliverWebhooks";
import { presentTicket } from "../tickets/present";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let endpointId: number;
const lines: string[] = [];
const SECOND = 1000;
// a short timeout stands for the 10 s one: the receiver that never answers is cut off the same way
const send = (at: Date) => deliverDueWebhooks(t.built.ctx, { now: at, timeoutMs: 300 });
const deliveryOf = async (eventId: number) =>
  (
    await t.built.ctx.db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.eventId, eventId)))
  )[0];

/** A ticket.updated of a real ticket of company A, through a command as the tickets module records it. */
async function ticketUpdated(opts: { transient: boolean } = { transient: true }) {
  const contact = await insertContact(t, a.company.id);
  const row = await insertTicket(t, a.company.id, contact.id, { status: "pending" });
  const ticket = await presentTicket(t.built.ctx.db, row);
  const event = { type: "ticket.updated", companyId: a.company.id, stream: `ticket:${row.id}`, data: { ticketId: row.id }, ...(opts.transient ? { transient: { ticket } } : {}) };
  if (opts.transient) {
    const log = await command(t.built.ctx, async (_tx, events) => {
      events.add(event);
      return events;
    });
    return { id: log.recorded[0].id, ticket };
  }
  // committed but left undispatched, as by a process that stopped: the sweep hands it over without views
  const log = new EventLog();
  log.add(event);
  await t.built.ctx.db.transaction((tx) => log.flush(tx));
  await t.built.ctx.events.sweep(new Date(Date.now() + 60 * SECOND));
  return { id: log.recorded[0].id, ticket };
}

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true", LOG_LEVEL: "debug" }, build: { eventGraceMs: 0, logger: true, logStream: stream } });
  a = await signUpCompany(t.http);
  receiver = await startWebhookReceiver();
  const created = await t.http.post("/webhook-endpoints", { url: receiver.url, events: ["ticket.updated", "contact.created"] }, a.token);
  expect(created.status).toBe(201);
  receiver.state.secret = created.body.secret;
  endpointId = created.body.id;
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe("outgoing webhook deliveries", () => {
  it("arrive signed, are retried with backoff after a 500 and a timeout, and once accepted are not sent again", async () => {
    const event = await ticketUpdated();
    const t0 = new Date();
    const pending = await deliveryOf(event.id);
    expect(pending).toMatchObject({ status: "pending", attempts: 0, eventType: "ticket.updated" });

    receiver.plan.push(500, "hang");
    expect(await send(t0)).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
    const afterFirst = await deliveryOf(event.id);
    expect(afterFirst).toMatchObject({ attempts: 1, responseCode: 500, lastError: "HTTP 500", status: "pending" });
    expect(afterFirst.nextAttemptAt!.getTime()).toBe(t0.getTime() + 30 * SECOND);

    // not due yet: nothing is sent
    expect(await send(new Date(t0.getTime() + 29 * SECOND))).toEqual({ succeeded: 0, retrying: 0, failed: 0 });
    const t1 = new Date(t0.getTime() + 30 * SECOND);
    expect(await send(t1)).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
    expect(await deliveryOf(event.id)).toMatchObject({ attempts: 2, responseCode: null, lastError: "timeout", nextAttemptAt: new Date(t1.getTime() + 60 * SECOND) });

    expect(await send(new Date(t1.getTime() + 60 * SECOND))).toEqual({ succeeded: 1, retrying: 0, failed: 0 });
    expect(await send(new Date(t1.getTime() + 10 * 60 * 60 * SECOND))).toEqual({ succeeded: 0, retrying: 0, failed: 0 });

    const tries = receiver.arrivals.filter((x) => x.eventId === String(event.id));
    expect(tries.map((x) => x.answered)).toEqual([500, "hang", 200]);
    expect(tries.every((x) => x.signatureOk && x.type === "ticket.updated" && x.body === pending.body)).toBe(true);
    expect(receiver.accepted(event.id)).toHaveLength(1);
    const body = JSON.parse(tries[0].body);
    expect(body).toEqual({ id: event.id, type: "ticket.updated", occurredAt: expect.any(String), companyId: a.company.id, data: { ticketId: event.ticket.id, ticket: event.ticket } });

    const log = await t.http.get(`/webhook-endpoints/${endpointId}/deliveries`, a.token);
    expect(log.status).toBe(200);
    expect(log.body.deliveries.find((d: { eventId: number }) => d.eventId === event.id)).toMatchObject({ status: "succeeded", responseCode: 200, attempts: 3, lastError: null, nextAttemptAt: null });
    const list = await t.http.get("/webhook-endpoints", a.token);
    expect(list.body[0].lastDelivery).toMatchObject({ status: "succeeded", responseCode: 200 });
  });

  it("'send again' delivers the same body with the same event id", async () => {
    const event = await ticketUpdated();
    await send(new Date());
    const first = receiver.accepted(event.id);
    expect(first).toHaveLength(1);
    const delivery = await deliveryOf(event.id);
    const again = await t.http.post(`/webhook-endpoints/${endpointId}/deliveries/${delivery.id}/retry`, {}, a.token);
    expect(again).toMatchObject({ status: 200, body: { id: delivery.id, status: "pending" } });
    await send(new Date());
    const both = receiver.accepted(event.id);
    expect(both).toHaveLength(2);
    expect(both[1].body).toBe(first[0].body);
    expect(both[1].signatureOk).toBe(true);
    expect(await deliveryOf(event.id)).toMatchObject({ status: "succeeded", attempts: 2 });
  });

  it("read the record again when the event comes back without its views, and a redelivered event is one delivery", async () => {
    const event = await ticketUpdated({ transient: false });
    const delivery = await deliveryOf(event.id);
    expect(JSON.parse(delivery.body).data.ticket).toEqual(event.ticket);
    await t.built.ctx.events.sweep(new Date(Date.now() + 3600 * SECOND));
    const rows = await t.built.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event.id));
    expect(rows).toHaveLength(1);
    await send(new Date());
  });

  it("give up after 24 hours of failures, marked failed with the last code", async () => {
    const event = await ticketUpdated();
    const t0 = new Date();
    receiver.plan.push(503, 503, 503);
    await send(t0);
    await send(new Date(t0.getTime() + 12 * 3600 * SECOND));
    expect(await send(new Date(t0.getTime() + 25 * 3600 * SECOND))).toEqual({ succeeded: 0, retrying: 0, failed: 1 });
    expect(await deliveryOf(event.id)).toMatchObject({ status: "failed", attempts: 3, responseCode: 503, nextAttemptAt: null });
    expect(receiver.accepted(event.id)).toHaveLength(0);
  });

  it("are never sent twice at once by overlapping runs", async () => {
    const events = await Promise.all([ticketUpdated(), ticketUpdated(), ticketUpdated()]);
    const runs = await Promise.all([send(new Date()), send(new Date()), send(new Date())]);
    expect(runs.reduce((n, r) => n + r.succeeded, 0)).toBe(3);
    for (const e of events) expect(receiver.accepted(e.id)).toHaveLength(1);
  });

  // two processes need a shared database: PostgreSQL only
  it.runIf(!!process.env.DATABASE_URL)("are sent once when two processes on one database run at the same time", async () => {
    const other = await startTestApp({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir, env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true" } });
    try {
      const events = await Promise.all(Array.from({ length: 6 }, () => ticketUpdated()));
      const runs = await Promise.all([send(new Date()), deliverDueWebhooks(other.built.ctx, { timeoutMs: 300 }), send(new Date())]);
      expect(runs.reduce((n, r) => n + r.succeeded, 0)).toBe(6);
      for (const e of events) expect(receiver.accepted(e.id)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("wait while their endpoint is disabled", async () => {
    await t.http.put(`/webhook-endpoints/${endpointId}`, { enabled: false }, a.token);
    const skipped = await ticketUpdated();
    expect(await deliveryOf(skipped.id)).toBeUndefined();
    await t.built.ctx.db.update(webhookEndpoints).set({ enabled: true }).where(eq(webhookEndpoints.id, endpointId));
  });

  it("are not sent to a host that resolves to a private address when those are not allowed", async () => {
    const port = new URL(receiver.url).port;
    const before = receiver.arrivals.length;
    t.built.ctx.config.webhooksAllowPrivateHosts = false;
    try {
      for (const host of ["localhost", "127.0.0.1"]) {
        // saved while the name was public; it points inside now (DNS rebinding)
        await t.built.ctx.db
          .update(webhookEndpoints)
          .set({ url: `http://${host}:${port}/hooks/balcao` })
          .where(eq(webhookEndpoints.id, endpointId));
        const event = await ticketUpdated();
        expect(await send(new Date())).toEqual({ succeeded: 0, retrying: 1, failed: 0 });
        expect((await deliveryOf(event.id)).lastError).toMatch(/private or reserved address/);
      }
    } finally {
      t.built.ctx.config.webhooksAllowPrivateHosts = true;
      await t.built.ctx.db.update(webhookEndpoints).set({ url: receiver.url }).where(eq(webhookEndpoints.id, endpointId));
    }
    expect(receiver.arrivals.length).toBe(before);
  });

  it("never write the secret to a log line", () => {
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.some((l) => l.includes("webhook delivery tried"))).toBe(true);
    expect(lines.filter((l) => l.includes(receiver.state.secret))).toEqual([]);
  });
});
