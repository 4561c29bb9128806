import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays } from "../../test/conversation";
import { OpenAiStandIn } from "../../test/standins/openAi";
import { startIntegrationWebhook } from "../../test/standins/queueIntegrations";
import { plans } from "../../db/schema";
import { until } from "../../test/until";

let t: TestApp;
let ai: OpenAiStandIn;
let root: string;

beforeAll(async () => {
  ai = await new OpenAiStandIn().start();
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true", AI_RETRY_DELAY_MS: "5" } });
  root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await t?.close();
  await ai?.stop();
});

let seq = 0;
const newNumber = () => `55118${String(Date.now()).slice(-6)}${String(seq++).padStart(2, "0")}`;

/**
 * A company on its own plan (every feature on while it is set up), a queue with a greeting and a
 * sandbox connection with it; a prompt pointed at the stand-in on the connection or on the queue.
 */
async function setup(on: "connection" | "queue", greetingMessage = "Fila de suporte.") {
  const plan = await t.http.post("/plans", { name: unique("Plano "), users: 5, connections: 2, queues: 5, value: 9.9 }, root);
  expect(plan.status).toBe(201);
  const a = await signUpCompany(t.http, { planId: plan.body.id });
  const queue = (await t.http.post("/queue", { name: unique("Suporte "), color: "#123456", greetingMessage }, a.token)).body;
  const prompt = (await t.http.post("/prompt", { name: "Assistente", prompt: "Responda em uma frase.", queueId: queue.id, apiKey: "sk-plano-0001", baseUrl: `${ai.url}/v1` }, a.token)).body;
  if (on === "queue") expect((await t.http.put(`/queue/${queue.id}`, { ...queue, promptId: prompt.id }, a.token)).status).toBe(200);
  const wa = await t.http.post("/whatsapp", { name: unique("Canal "), channel: "sandbox", greetingMessage: "Bem-vindo!", queueIds: [queue.id], promptId: on === "connection" ? prompt.id : null }, a.token);
  expect(wa.status).toBe(201);
  expect((await t.http.post(`/sandbox/${wa.body.id}/pair`, {}, a.token)).status).toBe(200);
  const lose = (flags: { useOpenAi?: boolean; useIntegrations?: boolean }) => t.built.ctx.db.update(plans).set(flags).where(eq(plans.id, plan.body.id));
  return { token: a.token, queue, prompt, wa: wa.body as { id: number; token: string; name: string }, lose };
}

const outbound = async (wa: { id: number; token: string }, number: string) => ((await t.http.get(`/sandbox/${wa.id}/outbound?number=${number}`, wa.token)).body as { body: string }[]).map((m) => m.body);
const ticketOf = async (token: string, id: number) => (await t.http.get(`/tickets/${id}`, token)).body;
const quiet = () => new Promise((r) => setTimeout(r, 400));

describe("a plan without OpenAI", () => {
  it("leaves the connection's prompt out: the queue menu greets and the ticket waits in its queue for a person", async () => {
    const s = await setup("connection");
    await s.lose({ useOpenAi: false });
    const before = ai.chats.length;
    const number = newNumber();
    const first = await customerSays(t.http, s.wa, number, "Oi");
    await until(
      () => outbound(s.wa, number),
      (o) => o.length >= 1,
    );
    await customerSays(t.http, s.wa, number, "Alguém aí?");
    await quiet();
    expect(await outbound(s.wa, number)).toEqual(["Fila de suporte."]);
    expect(ai.chats.length).toBe(before);
    expect(await ticketOf(s.token, first.ticket.id)).toMatchObject({ status: "pending", queueId: s.queue.id, userId: null, promptId: null });
  });

  it("leaves a queue's prompt out: nothing answers after the menu, the ticket waits for a person", async () => {
    const s = await setup("queue", "");
    await s.lose({ useOpenAi: false });
    const before = ai.chats.length;
    const number = newNumber();
    const first = await customerSays(t.http, s.wa, number, "Oi");
    await customerSays(t.http, s.wa, number, "Meu produto não liga");
    await quiet();
    expect(await outbound(s.wa, number)).toEqual([]);
    expect(ai.chats.length).toBe(before);
    expect(await ticketOf(s.token, first.ticket.id)).toMatchObject({ status: "pending", queueId: s.queue.id, userId: null, promptId: null });
  });
});

describe("a plan without integrations", () => {
  it("lets the queue's prompt answer where the queue's integration would have", async () => {
    const hook = await startIntegrationWebhook("segredo-plano-ia", (body) => ({ messages: [`Bot: ${body.message.body}`] }));
    try {
      const s = await setup("queue", "");
      const integration = await t.http.post("/queueIntegration", { name: "Webhook", type: "webhook", urlN8N: hook.url, secret: "segredo-plano-ia" }, s.token);
      expect(integration.status).toBe(201);
      expect((await t.http.put(`/queue/${s.queue.id}`, { ...s.queue, promptId: s.prompt.id, integrationId: integration.body.id }, s.token)).status).toBe(200);
      await s.lose({ useIntegrations: false });
      ai.reply = () => ({ status: 200, text: "Sou a assistente." });
      const before = ai.chats.length;
      const number = newNumber();
      const first = await customerSays(t.http, s.wa, number, "Vocês abrem no sábado?");
      await until(
        () => outbound(s.wa, number),
        (o) => o.length >= 1,
      );
      await quiet();
      expect(await outbound(s.wa, number)).toEqual(["Sou a assistente."]);
      expect(ai.chats.length - before).toBe(1);
      expect(hook.arrivals).toHaveLength(0);
      expect(await ticketOf(s.token, first.ticket.id)).toMatchObject({ status: "pending", queueId: s.queue.id, promptId: s.prompt.id, useIntegration: false });
    } finally {
      await hook.close();
    }
  });
});
