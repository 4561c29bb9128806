import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { WEBHOOK_DELIVERIES_PAGE_SIZE } from "@balcao/common";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema";
import { command } from "../../events/command";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
const HOOK = "http://127.0.0.1:9/hooks";
const GIVEN_SECRET = "my-own-signing-secret-0123456789";

// private hosts refused: the default configuration
beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(() => t?.close());

const allowPrivate = (allow: boolean) => {
  t.built.ctx.config.webhooksAllowPrivateHosts = allow;
};

describe("webhook endpoints", () => {
  it("refuse URLs that resolve to loopback, private, link-local or unique-local addresses, naming the field", async () => {
    for (const url of [
      "http://127.0.0.1:8080/x",
      "http://localhost/x",
      "http://10.1.2.3/",
      "http://192.168.0.10/",
      "http://169.254.169.254/latest",
      "http://[::1]/",
      "http://[fd00::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://0.0.0.0/",
    ]) {
      const res = await t.http.post("/webhook-endpoints", { url, events: ["ticket.updated"] }, a.token);
      expect({ url, status: res.status, field: res.body.field }).toEqual({ url, status: 400, field: "url" });
    }
    expect((await t.http.get("/webhook-endpoints", a.token)).body).toEqual([]);
  });

  it("refuse bad input with 400 naming the field", async () => {
    allowPrivate(true);
    const bad: [Record<string, unknown>, string][] = [
      [{ url: "not a url", events: ["ticket.updated"] }, "url"],
      [{ url: "ftp://example.com/x", events: ["ticket.updated"] }, "url"],
      [{ url: "https://user:pass@example.com/x", events: ["ticket.updated"] }, "url"],
      [{ url: "http://127.0.0.1/\u0000", events: ["ticket.updated"] }, "url"],
      [{ url: HOOK, events: ["ticket.exploded"] }, "events.0"],
      [{ url: HOOK, events: [] }, "events"],
      [{ url: HOOK }, "events"],
      [{ url: HOOK, events: ["ticket.updated"], secret: "short" }, "secret"],
      [{ url: HOOK, events: ["ticket.updated"], secret: "with\u0000nul-inside-0123456789" }, "secret"],
      [{ url: HOOK, events: ["ticket.updated"], enabled: "yes" }, "enabled"],
    ];
    for (const [body, field] of bad) {
      const res = await t.http.post("/webhook-endpoints", body, a.token);
      expect({ body, status: res.status, error: res.body.error, field: res.body.field }).toEqual({ body, status: 400, error: "ERR_VALIDATION", field });
    }
  });

  it("are created with a server-made secret shown once, then only its last 4 characters", async () => {
    allowPrivate(true);
    const created = await t.http.post("/webhook-endpoints", { url: HOOK, events: ["ticket.updated", "message.created", "ticket.updated"] }, a.token);
    expect(created).toMatchObject({ status: 201, body: { url: HOOK, events: ["ticket.updated", "message.created"], enabled: true, lastDelivery: null } });
    const secret: string = created.body.secret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{40,}$/);
    expect(created.body.secretLast4).toBe(secret.slice(-4));

    const [stored] = await t.built.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.body.id));
    expect(stored.secret.startsWith("gcm1:")).toBe(true);
    expect(stored.secret).not.toContain(secret);

    const list = await t.http.get("/webhook-endpoints", a.token);
    const { secret: _shownOnce, ...view } = created.body;
    expect(list.body).toEqual([view]);
    const updated = await t.http.put(`/webhook-endpoints/${created.body.id}`, { enabled: false, events: ["contact.created"] }, a.token);
    expect(updated).toMatchObject({ status: 200, body: { enabled: false, events: ["contact.created"], secretLast4: secret.slice(-4) } });
    for (const res of [list, updated]) expect(JSON.stringify(res.body)).not.toContain(secret);
  });

  it("keep a secret the admin gives without ever answering it, and replace it on PUT", async () => {
    allowPrivate(true);
    const created = await t.http.post("/webhook-endpoints", { url: HOOK, events: ["contact.created"], secret: GIVEN_SECRET }, a.token);
    expect(created.status).toBe(201);
    expect(created.body.secret).toBeUndefined();
    expect(created.body.secretLast4).toBe("6789");
    const replaced = await t.http.put(`/webhook-endpoints/${created.body.id}`, { secret: "another-secret-for-signing-ABCD" }, a.token);
    expect(replaced.body.secretLast4).toBe("ABCD");
    const kept = await t.http.put(`/webhook-endpoints/${created.body.id}`, { secret: "", url: "http://127.0.0.1:10/other" }, a.token);
    expect(kept.body).toMatchObject({ secretLast4: "ABCD", url: "http://127.0.0.1:10/other" });
    const everything = JSON.stringify([created.body, replaced.body, kept.body, (await t.http.get("/webhook-endpoints", a.token)).body]);
    expect(everything).not.toContain(GIVEN_SECRET);
    expect(everything).not.toContain("another-secret-for-signing");
    // a URL changed to a private host is refused when they are not allowed
    allowPrivate(false);
    expect(await t.http.put(`/webhook-endpoints/${created.body.id}`, { url: "http://10.0.0.5/" }, a.token)).toMatchObject({ status: 400, body: { field: "url" } });
  });

  it("are for admins only: attendants get 403 on every route", async () => {
    allowPrivate(true);
    const own = await t.http.post("/webhook-endpoints", { url: HOOK, events: ["ticket.updated"] }, a.token);
    const attendant = await createAttendant(t, a.token);
    const calls = [
      t.http.get("/webhook-endpoints", attendant.token),
      t.http.post("/webhook-endpoints", { url: HOOK, events: ["ticket.updated"] }, attendant.token),
      t.http.put(`/webhook-endpoints/${own.body.id}`, { enabled: false }, attendant.token),
      t.http.del(`/webhook-endpoints/${own.body.id}`, attendant.token),
      t.http.get(`/webhook-endpoints/${own.body.id}/deliveries`, attendant.token),
      t.http.post(`/webhook-endpoints/${own.body.id}/deliveries/1/retry`, {}, attendant.token),
    ];
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });

  it("of another company are not found, and their deliveries neither", async () => {
    allowPrivate(true);
    const own = await t.http.post("/webhook-endpoints", { url: HOOK, events: ["ticket.updated"] }, a.token);
    await command(t.built.ctx, async (_tx, events) => events.add({ type: "ticket.updated", companyId: a.company.id, stream: "ticket:999999", data: { ticketId: 999999 } }));
    const [delivery] = await t.built.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, own.body.id));
    expect(delivery).toBeDefined();
    const calls = [
      t.http.put(`/webhook-endpoints/${own.body.id}`, { enabled: false }, b.token),
      t.http.del(`/webhook-endpoints/${own.body.id}`, b.token),
      t.http.get(`/webhook-endpoints/${own.body.id}/deliveries`, b.token),
      t.http.post(`/webhook-endpoints/${own.body.id}/deliveries/${delivery.id}/retry`, {}, b.token),
    ];
    for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await t.http.get("/webhook-endpoints", b.token)).body).toEqual([]);
    // a delivery of another endpoint of the same company is not found under this one
    const other = await t.http.post("/webhook-endpoints", { url: HOOK, events: ["contact.created"] }, a.token);
    expect((await t.http.post(`/webhook-endpoints/${other.body.id}/deliveries/${delivery.id}/retry`, {}, a.token)).status).toBe(404);
    const log = await t.http.get(`/webhook-endpoints/${own.body.id}/deliveries`, a.token);
    expect(log.body).toMatchObject({ count: 1, hasMore: false, deliveries: [{ id: delivery.id, eventType: "ticket.updated", status: "pending", attempts: 0 }] });
  });

  it("list deliveries a page at a time, newest first, and go with their deliveries when deleted", async () => {
    allowPrivate(true);
    const own = await t.http.post("/webhook-endpoints", { url: HOOK, events: ["contact.deleted"] }, a.token);
    const total = WEBHOOK_DELIVERIES_PAGE_SIZE + 2;
    for (let i = 0; i < total; i++) {
      await command(t.built.ctx, async (_tx, events) => events.add({ type: "contact.deleted", companyId: a.company.id, stream: `contact:${i + 1}`, data: { contactId: i + 1 } }));
    }
    const first = await t.http.get(`/webhook-endpoints/${own.body.id}/deliveries`, a.token);
    expect(first.body).toMatchObject({ count: total, hasMore: true });
    expect(first.body.deliveries).toHaveLength(WEBHOOK_DELIVERIES_PAGE_SIZE);
    const second = await t.http.get(`/webhook-endpoints/${own.body.id}/deliveries?pageNumber=2`, a.token);
    expect(second.body).toMatchObject({ count: total, hasMore: false });
    expect(second.body.deliveries.map((d: { eventId: number }) => d.eventId)[1]).toBeLessThan(first.body.deliveries.at(-1).eventId);
    expect(await t.http.get(`/webhook-endpoints/${own.body.id}/deliveries?pageNumber=0`, a.token)).toMatchObject({ status: 400, body: { field: "pageNumber" } });

    expect(await t.http.del(`/webhook-endpoints/${own.body.id}`, a.token)).toMatchObject({ status: 200 });
    expect(await t.built.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, own.body.id))).toEqual([]);
    expect((await t.http.get(`/webhook-endpoints/${own.body.id}/deliveries`, a.token)).status).toBe(404);
  });
});
