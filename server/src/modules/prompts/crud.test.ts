import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { prompts, queues, whatsapps } from "../../db/schema";

let t: TestApp;
const lines: string[] = [];
const API_KEY = "sk-test-0123456789abcdefWXYZ";
const VOICE_KEY = "azure-voice-key-98765qrst";

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  t = await startTestApp({ env: { LOG_LEVEL: "trace" }, build: { logger: true, logStream: stream } });
});
afterAll(async () => t?.close());

async function companyWithQueue() {
  const a = await signUpCompany(t.http);
  const queue = await t.http.post(
    "/queue",
    {
      name: unique("Vendas "),
      color: `#${Math.floor(Math.random() * 0xffffff)
        .toString(16)
        .padStart(6, "0")}`,
      greetingMessage: "",
    },
    a.token,
  );
  if (queue.status !== 201 && queue.status !== 200) throw new Error(`queue: ${queue.status} ${JSON.stringify(queue.body)}`);
  return { ...a, queue: queue.body as { id: number; name: string } };
}

const body = (queueId: number | undefined, over: Record<string, unknown> = {}) => ({
  name: "Assistente de vendas",
  prompt: "Você é um atendente cordial da loja. Responda em português, de forma breve.",
  queueId,
  apiKey: API_KEY,
  companyId: 999,
  ...over,
});

describe("POST /prompt", () => {
  it("creates with the spec's defaults in the caller's company, keys shown by their last 4 characters", async () => {
    const a = await companyWithQueue();
    const res = await t.http.post("/prompt", body(a.queue.id), a.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Assistente de vendas",
      queueId: a.queue.id,
      queue: { id: a.queue.id, name: a.queue.name },
      voice: "texto",
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
      companyId: a.company.id,
      apiKey: "••••WXYZ",
      voiceKey: null,
      baseUrl: null,
      model: null,
    });
    for (const answer of [res, await t.http.get(`/prompt/${res.body.id}`, a.token), await t.http.get("/prompt", a.token), await t.http.put(`/prompt/${res.body.id}`, body(a.queue.id), a.token)]) {
      expect(JSON.stringify(answer.body)).not.toContain(API_KEY.slice(0, -4));
    }
    const [row] = await t.built.ctx.db.select().from(prompts).where(eq(prompts.id, res.body.id));
    expect(row.apiKey).not.toContain(API_KEY);
    expect(row.apiKey).toMatch(/^gcm1:/);
  });

  it("says 'Informe o setor' without a queue, or with another company's", async () => {
    const a = await companyWithQueue();
    const b = await companyWithQueue();
    expect(await t.http.post("/prompt", body(undefined), a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "queueId", message: "queueId: Informe o setor" } });
    expect(await t.http.post("/prompt", body(b.queue.id), a.token)).toMatchObject({ status: 400, body: { field: "queueId", message: "queueId: Informe o setor" } });
    expect(await t.http.post("/prompt", body(a.queue.id, { name: "" }), a.token)).toMatchObject({ status: 400, body: { field: "name", message: "name: Required" } });
    expect(await t.http.post("/prompt", body(a.queue.id, { voice: "en-US-JennyNeural" }), a.token)).toMatchObject({ status: 400, body: { field: "voice" } });
    expect(await t.http.post("/prompt", body(a.queue.id, { temperature: 3 }), a.token)).toMatchObject({ status: 400, body: { field: "temperature" } });
    expect(await t.http.post("/prompt", body(a.queue.id, { baseUrl: "ftp://x" }), a.token)).toMatchObject({ status: 400, body: { field: "baseUrl" } });
  });

  it("accepts a neural voice with its key and region, and any OpenAI-compatible endpoint", async () => {
    const a = await companyWithQueue();
    const res = await t.http.post(
      "/prompt",
      body(a.queue.id, { voice: "pt-BR-FranciscaNeural", voiceKey: VOICE_KEY, voiceRegion: "brazilsouth", baseUrl: "http://127.0.0.1:11434/v1", model: "llama3", maxTokens: "250", temperature: "0.3", maxMessages: 4 }),
      a.token,
    );
    expect(res.body).toMatchObject({
      voice: "pt-BR-FranciscaNeural",
      voiceKey: "••••qrst",
      voiceRegion: "brazilsouth",
      baseUrl: "http://127.0.0.1:11434/v1",
      model: "llama3",
      maxTokens: 250,
      temperature: 0.3,
      maxMessages: 4,
    });
  });
});

describe("GET, PUT and DELETE /prompt", () => {
  it("lists the company's prompts with count and hasMore; another company's is not found", async () => {
    const a = await companyWithQueue();
    const b = await companyWithQueue();
    const one = (await t.http.post("/prompt", body(a.queue.id, { name: "B prompt" }), a.token)).body;
    await t.http.post("/prompt", body(a.queue.id, { name: "A prompt" }), a.token);
    await t.http.post("/prompt", body(b.queue.id, { name: "Outra empresa" }), b.token);
    const list = await t.http.get("/prompt", a.token);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 2, hasMore: false });
    expect(list.body.prompts.map((p: { name: string }) => p.name)).toEqual(["A prompt", "B prompt"]);
    expect((await t.http.get(`/prompt/${one.id}`, a.token)).body).toMatchObject({ id: one.id, name: "B prompt", apiKey: "••••WXYZ" });
    expect(await t.http.get(`/prompt/${one.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await t.http.put(`/prompt/${one.id}`, body(b.queue.id), b.token)).status).toBe(404);
    expect((await t.http.del(`/prompt/${one.id}`, b.token)).status).toBe(404);
  });

  it("keeps a key sent back masked or left out, replaces it when a new one comes", async () => {
    const a = await companyWithQueue();
    const created = (await t.http.post("/prompt", body(a.queue.id, { voiceKey: VOICE_KEY }), a.token)).body;
    const kept = await t.http.put(`/prompt/${created.id}`, body(a.queue.id, { name: "Renomeado", apiKey: created.apiKey, voiceKey: undefined }), a.token);
    expect(kept.body).toMatchObject({ name: "Renomeado", apiKey: "••••WXYZ", voiceKey: "••••qrst" });
    const replaced = await t.http.put(`/prompt/${created.id}`, body(a.queue.id, { apiKey: "sk-novo-chave-1234" }), a.token);
    expect(replaced.body.apiKey).toBe("••••1234");
  });

  it("deletes with a message; connections, queues and tickets that used it let it go; live to the company", async () => {
    const a = await companyWithQueue();
    const p = (await t.http.post("/prompt", body(a.queue.id), a.token)).body;
    await t.built.ctx.db.update(queues).set({ promptId: p.id }).where(eq(queues.id, a.queue.id));
    const wa = await t.http.post("/whatsapp", { name: "Canal IA", channel: "sandbox", promptId: p.id }, a.token);
    const socket = await connectSocket(t.url, a.token);
    const attendant = await connectSocket(t.url, (await createAttendant(t, a.token)).token);
    try {
      const updated = nextEvent(socket, `company-${a.company.id}-prompt`, 3_000, (e: { action: string }) => e.action === "update");
      const overheard = nextEvent(attendant, `company-${a.company.id}-prompt`, 1_500);
      await t.http.put(`/prompt/${p.id}`, body(a.queue.id, { name: "Ao vivo" }), a.token);
      expect(await updated).toMatchObject({ action: "update", record: { id: p.id, name: "Ao vivo", apiKey: "••••WXYZ" } });
      // the instructions are the admins' business
      expect(await overheard).toBeNull();
      const deleted = nextEvent(socket, `company-${a.company.id}-prompt`, 3_000, (e: { action: string }) => e.action === "delete");
      expect(await t.http.del(`/prompt/${p.id}`, a.token)).toMatchObject({ status: 200, body: { message: expect.any(String) } });
      expect(await deleted).toEqual({ action: "delete", id: p.id });
    } finally {
      socket.close();
      attendant.close();
    }
    expect((await t.http.get(`/prompt/${p.id}`, a.token)).status).toBe(404);
    const [queue] = await t.built.ctx.db.select().from(queues).where(eq(queues.id, a.queue.id));
    expect(queue.promptId).toBeNull();
    const [connection] = await t.built.ctx.db
      .select()
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, a.company.id), eq(whatsapps.id, wa.body.id)));
    expect(connection.promptId).toBeNull();
  });
});

describe("who may manage prompts", () => {
  it("admins only, and only while the plan has useOpenAi", async () => {
    const a = await companyWithQueue();
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.get("/prompt", attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.post("/prompt", body(a.queue.id), attendant.token)).status).toBe(403);
    expect((await t.http.get("/prompt")).status).toBe(401);
    const root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
    const plan = await t.http.post("/plans", { name: unique("Sem IA "), users: 5, connections: 2, queues: 3, value: 29.9, useOpenAi: false }, root);
    expect(plan.status).toBe(201);
    const d = await signUpCompany(t.http, { planId: plan.body.id });
    expect(await t.http.get("/prompt", d.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.del("/prompt/1", d.token)).status).toBe(403);
  });

  it("never writes a key to a log line", async () => {
    const joined = lines.join("\n");
    expect(joined.length).toBeGreaterThan(0);
    expect(joined).not.toContain(API_KEY);
    expect(joined).not.toContain(VOICE_KEY);
    expect(joined).not.toContain("sk-novo-chave-1234");
  });
});
