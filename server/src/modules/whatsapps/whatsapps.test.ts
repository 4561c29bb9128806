import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { queues } from "../../db/schema";
import { CHANNEL_KINDS } from "../../channels/manager";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let agentToken: string;
beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  const body = { name: "Agente", email: `${unique("ag")}@example.com`, password: "secret1", profile: "user" };
  await t.http.post("/users", body, a.token);
  agentToken = (await t.http.login(body.email, body.password)).token;
});
afterAll(async () => t?.close());

describe("connections", () => {
  it("creates, lists, updates and deletes, keeping exactly one default", async () => {
    const [q] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Fila", color: "#abcdef" }).returning();
    const first = await t.http.post("/whatsapp", { name: "Principal", channel: "sandbox", greetingMessage: "Bem-vindo!", queueIds: [q.id] }, a.token);
    expect(first).toMatchObject({ status: 201, body: { name: "Principal", isDefault: true, greetingMessage: "Bem-vindo!", queues: [{ id: q.id, name: "Fila" }] } });
    const second = await t.http.post("/whatsapp", { name: "Segunda", isDefault: true }, a.token);
    expect(second.body.isDefault).toBe(true);
    const list = await t.http.get("/whatsapp?session=0", a.token);
    expect(list.body.map((w: { name: string; isDefault: boolean }) => [w.name, w.isDefault])).toEqual([
      ["Principal", false],
      ["Segunda", true],
    ]);

    const renamed = await t.http.put(`/whatsapp/${first.body.id}`, { name: "Loja Centro", queueIds: [], complationMessage: "Até logo" }, a.token);
    expect(renamed.body).toMatchObject({ name: "Loja Centro", queues: [], complationMessage: "Até logo", isDefault: false });

    expect((await t.http.del(`/whatsapp/${second.body.id}`, a.token)).status).toBe(200);
    expect((await t.http.get(`/whatsapp/${first.body.id}`, a.token)).body.isDefault).toBe(true);
  });

  it("validates names, refuses duplicates and another company's queue", async () => {
    expect(await t.http.post("/whatsapp", { name: "X" }, a.token)).toMatchObject({ status: 400, body: { field: "name", message: "name: Too Short!" } });
    expect(await t.http.post("/whatsapp", { name: "Valida", channel: "telegram" }, a.token)).toMatchObject({ status: 400, body: { field: "channel" } });
    const name = unique("Dup");
    await t.http.post("/whatsapp", { name }, a.token);
    expect(await t.http.post("/whatsapp", { name }, a.token)).toMatchObject({ status: 400, body: { field: "name" } });
    const [qb] = await t.built.ctx.db.insert(queues).values({ companyId: b.company.id, name: "Fila B", color: "#000001" }).returning();
    expect(await t.http.post("/whatsapp", { name: unique("Q"), queueIds: [qb.id] }, a.token)).toMatchObject({ status: 400, body: { field: "queueIds" } });
  });

  it("lets attendants list connections without tokens, and nothing more", async () => {
    const created = await t.http.post("/whatsapp", { name: unique("Conn") }, a.token);
    const seen = await t.http.get("/whatsapp", agentToken);
    expect(seen.status).toBe(200);
    expect(seen.body.every((w: { token?: string }) => w.token === undefined)).toBe(true);
    expect(await t.http.post("/whatsapp", { name: unique("Nope") }, agentToken)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.put(`/whatsapp/${created.body.id}`, { name: "Nope" }, agentToken)).status).toBe(403);
    expect((await t.http.del(`/whatsapp/${created.body.id}`, agentToken)).status).toBe(403);
    expect((await t.http.post(`/whatsappsession/${created.body.id}`, {}, agentToken)).status).toBe(403);
  });

  it("never reaches another company's connection", async () => {
    const created = await t.http.post("/whatsapp", { name: unique("Priv") }, a.token);
    for (const res of [
      await t.http.get(`/whatsapp/${created.body.id}`, b.token),
      await t.http.put(`/whatsapp/${created.body.id}`, { name: "Stolen" }, b.token),
      await t.http.del(`/whatsapp/${created.body.id}`, b.token),
      await t.http.post(`/whatsappsession/${created.body.id}`, {}, b.token),
    ]) {
      expect(res).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    }
    expect((await t.http.get("/whatsapp", b.token)).body).toEqual([]);
  });

  it("requires a greeting when a connection serves more than one queue", async () => {
    const [q1, q2] = await t.built.ctx.db
      .insert(queues)
      .values([
        { companyId: a.company.id, name: unique("G1"), color: "#100001" },
        { companyId: a.company.id, name: unique("G2"), color: "#100002" },
      ])
      .returning();
    const name = unique("Greet");
    expect(await t.http.post("/whatsapp", { name, queueIds: [q1.id, q2.id], greetingMessage: "  " }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_WAPP_GREETING_REQUIRED" } });
    expect((await t.http.get("/whatsapp", a.token)).body.some((w: { name: string }) => w.name === name)).toBe(false);
    // one queue needs no greeting
    const single = await t.http.post("/whatsapp", { name, queueIds: [q1.id] }, a.token);
    expect(single.status).toBe(201);
    // adding a second queue without a greeting, or clearing the greeting of a two-queue connection, is refused
    expect(await t.http.put(`/whatsapp/${single.body.id}`, { queueIds: [q1.id, q2.id] }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_WAPP_GREETING_REQUIRED" } });
    expect((await t.http.put(`/whatsapp/${single.body.id}`, { queueIds: [q1.id, q2.id], greetingMessage: "Escolha: 1 ou 2" }, a.token)).status).toBe(200);
    expect(await t.http.put(`/whatsapp/${single.body.id}`, { greetingMessage: "" }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_WAPP_GREETING_REQUIRED" } });
    expect((await t.http.get(`/whatsapp/${single.body.id}`, a.token)).body).toMatchObject({ greetingMessage: "Escolha: 1 ou 2", queues: [{ id: q1.id }, { id: q2.id }] });
  });

  it("accepts only the channel kinds this server has an adapter for", async () => {
    for (const channel of ["baileys", "cloud"] as const) {
      const res = await t.http.post("/whatsapp", { name: unique(channel), channel }, a.token);
      // a supported kind may still need its own settings (cloud does), but never fails on the kind
      if ((CHANNEL_KINDS as readonly string[]).includes(channel)) expect(res.body.field).not.toBe("channel");
      else expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "channel" } });
    }
    const sandbox = await t.http.post("/whatsapp", { name: unique("Sbx"), channel: "sandbox" }, a.token);
    expect(sandbox).toMatchObject({ status: 201, body: { channel: "sandbox" } });
    if (!(CHANNEL_KINDS as readonly string[]).includes("baileys")) {
      expect(await t.http.put(`/whatsapp/${sandbox.body.id}`, { channel: "baileys" }, a.token)).toMatchObject({ status: 400, body: { field: "channel" } });
    }
  });

  it("runs the session actions: new QR, disconnect, retry", async () => {
    const created = await t.http.post("/whatsapp", { name: unique("Sess"), channel: "sandbox" }, a.token);
    const id = created.body.id;
    const qr1 = (await t.http.get(`/whatsapp/${id}`, a.token)).body.qrcode;
    expect(qr1).toMatch(new RegExp(`^/sandbox/pair/${id}/`));
    expect((await t.http.put(`/whatsappsession/${id}`, {}, a.token)).status).toBe(200);
    const renewed = (await t.http.get(`/whatsapp/${id}`, a.token)).body;
    expect(renewed.status).toBe("qrcode");
    expect(renewed.qrcode).not.toBe(qr1);
    expect((await t.http.del(`/whatsappsession/${id}`, a.token)).status).toBe(200);
    expect((await t.http.get(`/whatsapp/${id}`, a.token)).body).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect((await t.http.post(`/whatsappsession/${id}`, {}, a.token)).status).toBe(200);
    expect((await t.http.get(`/whatsapp/${id}`, a.token)).body.status).toBe("qrcode");
  });
});
