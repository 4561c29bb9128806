import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, unique, type TestApp } from "../test/harness";
import { adminSession, created, type Session } from "./fixtures";

/*
 * Section 7 of administration.md, AI prompts and queue integrations: each call exactly as the
 * original client makes it, with an admin's token.
 */

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminSession(t);
});
afterAll(async () => t?.close());

describe("Prompts and integrations", () => {
  const newPrompt = async () => {
    const queue = await created(
      t,
      "/queue",
      {
        name: unique("Setor IA "),
        color: `#${Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, "0")}`,
      },
      admin.token,
    );
    const body = {
      name: unique("Prompt "),
      prompt: "Você é a assistente da loja; responda com cordialidade e em poucas palavras.",
      queueId: queue.id,
      apiKey: "sk-contrato-0000abcd",
      voice: "texto",
      maxTokens: 100,
      temperature: 1,
      maxMessages: 10,
    };
    return { queue, prompt: await created(t, "/prompt", body, admin.token), body };
  };

  it("GET /prompt (prompts)", async () => {
    const { prompt } = await newPrompt();
    const res = await t.http.get("/prompt", admin.token);
    expect(res.status).toBe(200);
    expect(res.body.prompts).toContainEqual(expect.objectContaining({ id: prompt.id, name: prompt.name, maxTokens: 100, queue: expect.objectContaining({ name: expect.any(String) }) }));
  });

  it("GET /prompt/{id}", async () => {
    const { prompt, queue } = await newPrompt();
    expect(await t.http.get(`/prompt/${prompt.id}`, admin.token)).toMatchObject({ status: 200, body: { id: prompt.id, queueId: queue.id, voice: "texto", temperature: 1, maxMessages: 10, apiKey: "••••abcd" } });
  });

  it("POST /prompt", async () => {
    const { prompt, body } = await newPrompt();
    expect(prompt).toMatchObject({ id: expect.any(Number), name: body.name, prompt: body.prompt, queueId: body.queueId });
  });

  it("PUT /prompt/{id}", async () => {
    const { prompt, body } = await newPrompt();
    expect(await t.http.put(`/prompt/${prompt.id}`, { ...body, maxTokens: 300 }, admin.token)).toMatchObject({ status: 200, body: { id: prompt.id, maxTokens: 300 } });
  });

  it("DELETE /prompt/{id} (response message)", async () => {
    const { prompt } = await newPrompt();
    expect(await t.http.del(`/prompt/${prompt.id}`, admin.token)).toMatchObject({ status: 200, body: { message: expect.any(String) } });
  });
});

describe("Queue integrations", () => {
  const newIntegration = () =>
    created(t, "/queueIntegration", { type: "typebot", name: unique("Typebot "), urlN8N: "https://typebot.example.com", typebotSlug: "vendas", typebotExpires: 1, typebotDelayMessage: 1000 }, admin.token);

  it("GET /queueIntegration/ with searchParam, pageNumber (queueIntegrations, hasMore)", async () => {
    const integration = await newIntegration();
    const res = await t.http.get(`/queueIntegration/?searchParam=${encodeURIComponent(integration.name.toLowerCase())}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ hasMore: false, queueIntegrations: [expect.objectContaining({ id: integration.id, name: integration.name, type: "typebot" })] });
  });

  it("GET /queueIntegration/{id}", async () => {
    const integration = await newIntegration();
    expect(await t.http.get(`/queueIntegration/${integration.id}`, admin.token)).toMatchObject({ status: 200, body: { id: integration.id, typebotSlug: "vendas", typebotDelayMessage: 1000, typebotExpires: 1 } });
  });

  it("POST /queueIntegration", async () => {
    const name = unique("n8n ");
    expect(await t.http.post("/queueIntegration", { type: "n8n", name, urlN8N: "https://n8n.example.com/webhook/x" }, admin.token)).toMatchObject({ status: 201, body: { id: expect.any(Number), name, type: "n8n" } });
  });

  it("PUT /queueIntegration/{id}", async () => {
    const integration = await newIntegration();
    const name = unique("Renomeada ");
    const res = await t.http.put(`/queueIntegration/${integration.id}`, { type: "typebot", name, urlN8N: "https://typebot.example.com", typebotSlug: "suporte" }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: integration.id, name, typebotSlug: "suporte" } });
  });

  it("DELETE /queueIntegration/{id}", async () => {
    const integration = await newIntegration();
    expect((await t.http.del(`/queueIntegration/${integration.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/queueIntegration/${integration.id}`, admin.token)).status).toBe(404);
  });

  it("POST /queueIntegration/testSession with projectName, jsonContent, language", async () => {
    // credentials Google refuses (or cannot be reached): the answer says so, it is no failure of the call
    const jsonContent = JSON.stringify({ client_email: "bot@agente.iam.gserviceaccount.com", private_key: "not a key", token_uri: "http://127.0.0.1:9/token" });
    expect(await t.http.post("/queueIntegration/testSession", { projectName: "agente", jsonContent, language: "pt-BR" }, admin.token)).toMatchObject({ status: 200, body: { ok: false } });
  });
});
