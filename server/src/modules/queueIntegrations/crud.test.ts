import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { queueIntegrations } from "../../db/schema";

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  t = await startTestApp({ env: { LOG_LEVEL: "trace" }, build: { logger: true, logStream: stream } });
});
afterAll(async () => t?.close());

const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
const PRIVATE_KEY = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const serviceAccount = (email = "bot@project.iam.gserviceaccount.com") => JSON.stringify({ type: "service_account", client_email: email, private_key: PRIVATE_KEY, token_uri: "https://oauth2.googleapis.com/token" });

const create = (token: string, body: Record<string, unknown>) => t.http.post("/queueIntegration", body, token);

describe("POST /queueIntegration", () => {
  it("creates each type with the fields it uses and the typebot defaults", async () => {
    const a = await signUpCompany(t.http);
    const typebot = await create(a.token, { name: "Typebot vendas", type: "typebot", urlN8N: "https://bot.example.com/", typebotSlug: "vendas", companyId: 999 });
    expect(typebot.status).toBe(201);
    expect(typebot.body).toMatchObject({ type: "typebot", name: "Typebot vendas", urlN8N: "https://bot.example.com", typebotSlug: "vendas", typebotDelayMessage: 1000, typebotExpires: 1, companyId: a.company.id });
    const flow = await create(a.token, { name: "Dialogflow", type: "dialogflow", projectName: "agente-1", jsonContent: serviceAccount(), language: "pt-BR", urlN8N: "https://ignored.example.com" });
    expect(flow.body).toMatchObject({ type: "dialogflow", projectName: "agente-1", language: "pt-BR", urlN8N: "", hasJsonContent: true, clientEmail: "bot@project.iam.gserviceaccount.com" });
    const hook = await create(a.token, { name: "Webhook", type: "webhook", urlN8N: "https://hooks.example.com/in" });
    expect(hook.status).toBe(201);
    expect(hook.body.secret).toMatch(/^whsec_/);
    expect(hook.body.secretLast4).toBe(hook.body.secret.slice(-4));
  });

  it("validates name 2–50, type, the URL of n8n, webhook and typebot and the typebot slug, naming the field", async () => {
    const a = await signUpCompany(t.http);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "A", type: "webhook", urlN8N: "https://x.example.com" }, "name", "Too Short!"],
      [{ name: "x".repeat(51), type: "webhook", urlN8N: "https://x.example.com" }, "name", "Too Long!"],
      [{ type: "webhook", urlN8N: "https://x.example.com" }, "name", "Required"],
      [{ name: "Sem tipo" }, "type", "Required"],
      [{ name: "Tipo ruim", type: "zapier" }, "type", "Required"],
      [{ name: "Sem url", type: "n8n" }, "urlN8N", "Required"],
      [{ name: "Sem url", type: "webhook", urlN8N: "" }, "urlN8N", "Required"],
      [{ name: "Sem slug", type: "typebot", urlN8N: "https://bot.example.com" }, "typebotSlug", "Required"],
      [{ name: "Url ruim", type: "n8n", urlN8N: "ftp://x" }, "urlN8N", "Invalid value"],
      [{ name: "Conta ruim", type: "dialogflow", jsonContent: "{not json" }, "jsonContent", "Invalid value"],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(a.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field, message: `${field}: ${message}` });
    }
  });
});

describe("listing, reading, editing and deleting", () => {
  it("lists by name with queueIntegrations and hasMore, searches, and keeps secrets out of every answer", async () => {
    const a = await signUpCompany(t.http);
    const secret = `segredo-${unique("s")}`;
    const account = serviceAccount("lista@project.iam.gserviceaccount.com");
    const hook = (await create(a.token, { name: "Webhook B", type: "webhook", urlN8N: "https://hooks.example.com", secret })).body;
    expect(hook.secret).toBeUndefined();
    const flow = (await create(a.token, { name: "Agente A", type: "dialogflow", projectName: "p", jsonContent: account })).body;
    const list = await t.http.get("/queueIntegration", a.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, hasMore: false });
    expect(list.body.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(["Agente A", "Webhook B"]);
    expect((await t.http.get("/queueIntegration?searchParam=webhook", a.token)).body.queueIntegrations).toHaveLength(1);
    const one = await t.http.get(`/queueIntegration/${hook.id}`, a.token);
    expect(one.body).toMatchObject({ id: hook.id, secretLast4: secret.slice(-4) });
    const all = JSON.stringify([list.body, one.body, flow, (await t.http.get(`/queueIntegration/${flow.id}`, a.token)).body]);
    expect(all).not.toContain(secret);
    expect(all).not.toContain("PRIVATE KEY");
    expect(lines.join("\n")).not.toContain(secret);
    expect(lines.join("\n")).not.toContain("PRIVATE KEY");
    // sealed at rest
    const [row] = await t.built.ctx.db.select().from(queueIntegrations).where(eq(queueIntegrations.id, flow.id));
    expect(row.jsonContent).not.toContain("PRIVATE KEY");
  });

  it("edits without the secrets keeping the stored ones, announces on company-{id}-queueIntegration and deletes", async () => {
    const a = await signUpCompany(t.http);
    const created = (await create(a.token, { name: "Fluxo", type: "n8n", urlN8N: "https://n8n.example.com/webhook/1", secret: "primeiro-1234" })).body;
    const socket = await connectSocket(t.url, a.token);
    try {
      const updated = nextEvent(socket, `company-${a.company.id}-queueIntegration`);
      const res = await t.http.put(`/queueIntegration/${created.id}`, { name: "Fluxo novo", type: "n8n", urlN8N: "https://n8n.example.com/webhook/2" }, a.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: "Fluxo novo", urlN8N: "https://n8n.example.com/webhook/2", secretLast4: "1234" });
      expect(await updated).toMatchObject({ action: "update", record: { id: created.id, name: "Fluxo novo" } });
      const queue = await t.http.post("/queue", { name: unique("Fila "), color: `#${crypto.randomBytes(3).toString("hex")}`, integrationId: created.id }, a.token);
      expect(queue.status).toBe(201);
      const deleted = nextEvent(socket, `company-${a.company.id}-queueIntegration`);
      expect((await t.http.del(`/queueIntegration/${created.id}`, a.token)).status).toBe(200);
      expect(await deleted).toEqual({ action: "delete", id: created.id });
      expect((await t.http.get(`/queue/${queue.body.id}`, a.token)).body.integrationId).toBeNull();
      expect((await t.http.get(`/queueIntegration/${created.id}`, a.token)).status).toBe(404);
    } finally {
      socket.disconnect();
    }
  });
});

describe("who may", () => {
  it("answers 404 for another company's integration", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const theirs = (await create(b.token, { name: "Delas", type: "webhook", urlN8N: "https://x.example.com" })).body;
    expect((await t.http.get(`/queueIntegration/${theirs.id}`, a.token)).status).toBe(404);
    expect((await t.http.put(`/queueIntegration/${theirs.id}`, { name: "Minha", type: "webhook", urlN8N: "https://y.example.com" }, a.token)).status).toBe(404);
    expect((await t.http.del(`/queueIntegration/${theirs.id}`, a.token)).status).toBe(404);
    expect((await t.http.get("/queueIntegration", a.token)).body.queueIntegrations).toEqual([]);
  });

  it("refuses attendants, strangers and companies whose plan leaves integrations out", async () => {
    const a = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.get("/queueIntegration", attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await create(attendant.token, { name: "Nao", type: "webhook", urlN8N: "https://x.example.com" })).status).toBe(403);
    expect((await t.http.get("/queueIntegration")).status).toBe(401);
    const root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
    const plan = await t.http.post("/plans", { name: unique("Sem integrações "), users: 5, connections: 2, queues: 3, value: 9.9, useIntegrations: false }, root);
    const d = await signUpCompany(t.http, { planId: plan.body.id });
    expect(await t.http.get("/queueIntegration", d.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await create(d.token, { name: "Nao", type: "webhook", urlN8N: "https://x.example.com" })).status).toBe(403);
  });
});
