import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { startIntegrationWebhook } from "../../test/standins/queueIntegrations";
import { integrationCalls, plans } from "../../db/schema";
import { runDueIntegrationCalls } from "./calls";
import { until } from "../../test/until";

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true" } });
  root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => {
  await t?.close();
});

const reply = (body: any) => ({ messages: [`Bot: ${body.message.body}`] });

/**
 * A company on its own plan (every feature on while it is set up) with a sandbox connection whose
 * queue (or the connection itself) has a webhook integration; `loseIntegrations` takes them out of the plan.
 */
async function workspace(url: string, secret: string, on: "queue" | "connection") {
  const plan = await t.http.post("/plans", { name: unique("Plano "), users: 5, connections: 2, queues: 5, value: 9.9 }, root);
  expect(plan.status).toBe(201);
  const a = await signUpCompany(t.http, { planId: plan.body.id });
  const integration = await t.http.post("/queueIntegration", { name: "Webhook", type: "webhook", urlN8N: url, secret }, a.token);
  expect(integration.status, JSON.stringify(integration.body)).toBe(201);
  const w = await pairedSandbox(t.http, a.token);
  const queue = await t.http.post("/queue", { name: unique("Vendas "), color: "#123456", greetingMessage: "Fila de vendas.", integrationId: on === "queue" ? integration.body.id : null }, a.token);
  expect(queue.status).toBe(201);
  const put = await t.http.put(`/whatsapp/${w.id}`, { name: w.name, greetingMessage: "Bem-vindo!", queueIds: [queue.body.id], integrationId: on === "connection" ? integration.body.id : null }, a.token);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const loseIntegrations = () => t.built.ctx.db.update(plans).set({ useIntegrations: false }).where(eq(plans.id, plan.body.id));
  return { a, w, queueId: queue.body.id as number, loseIntegrations };
}

const outbound = async (w: { id: number; token: string }, number: string) => ((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body as { body: string }[]).map((m) => m.body);
const ticketOf = async (token: string, id: number) => (await t.http.get(`/tickets/${id}`, token)).body;
const quiet = () => new Promise((r) => setTimeout(r, 400));

describe("a plan without integrations", () => {
  it("leaves a queue's integration out: the queue menu greets and walks the options tree", async () => {
    const hook = await startIntegrationWebhook("segredo-plano-fila", reply);
    try {
      const { a, w, queueId, loseIntegrations } = await workspace(hook.url, "segredo-plano-fila", "queue");
      const other = await t.http.post("/queue", { name: unique("Zeladoria "), color: "#654321" }, a.token);
      await t.http.put(`/whatsapp/${w.id}`, { name: w.name, greetingMessage: "Bem-vindo!", queueIds: [queueId, other.body.id] }, a.token);
      expect((await t.http.post("/queue-options", { queueId, option: "1", title: "Pedidos", message: "Sobre pedidos." }, a.token)).status).toBe(201);
      await loseIntegrations();
      const number = "5511900021001";
      const first = await customerSays(t.http, w, number, "oi");
      const [menu] = await until(
        () => outbound(w, number),
        (o) => o.length >= 1,
      );
      expect(menu).toContain("Bem-vindo!");
      await customerSays(t.http, w, number, "1");
      const sent = await until(
        () => outbound(w, number),
        (o) => o.length >= 2,
      );
      expect(sent[1]).toContain("Fila de vendas.");
      expect(sent[1]).toContain("Pedidos");
      await quiet();
      expect(hook.arrivals).toHaveLength(0);
      expect(await ticketOf(a.token, first.ticket.id)).toMatchObject({ status: "pending", queueId, chatbot: true, useIntegration: false, integrationId: null });
    } finally {
      await hook.close();
    }
  });

  it("leaves a connection's integration out: the customer's first message puts the ticket in the queue, greeted", async () => {
    const hook = await startIntegrationWebhook("segredo-plano-conexao", reply);
    try {
      const { a, w, queueId, loseIntegrations } = await workspace(hook.url, "segredo-plano-conexao", "connection");
      await loseIntegrations();
      const number = "5511900021002";
      const first = await customerSays(t.http, w, number, "oi");
      await until(
        () => outbound(w, number),
        (o) => o.length >= 1,
      );
      await quiet();
      expect(await outbound(w, number)).toEqual(["Fila de vendas."]);
      expect(hook.arrivals).toHaveLength(0);
      expect(await ticketOf(a.token, first.ticket.id)).toMatchObject({ status: "pending", queueId, userId: null, useIntegration: false });
    } finally {
      await hook.close();
    }
  });

  it("stops an integration that held the ticket: its calls due are dropped and the ticket waits for a person", async () => {
    const hook = await startIntegrationWebhook("segredo-plano-retido", reply);
    hook.state.failing = true;
    try {
      const { a, w, queueId, loseIntegrations } = await workspace(hook.url, "segredo-plano-retido", "queue");
      const number = "5511900021003";
      const first = await customerSays(t.http, w, number, "oi");
      await until(
        async () => hook.arrivals.length,
        (n) => n >= 1,
      );
      expect(await ticketOf(a.token, first.ticket.id)).toMatchObject({ queueId, useIntegration: true });
      await loseIntegrations();
      hook.state.failing = false;
      await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 11_000));
      await customerSays(t.http, w, number, "alguém aí?");
      await quiet();
      expect(hook.arrivals).toHaveLength(1);
      const calls = await t.built.ctx.db
        .select({ status: integrationCalls.status })
        .from(integrationCalls)
        .where(and(eq(integrationCalls.companyId, first.ticket.companyId), eq(integrationCalls.ticketId, first.ticket.id)));
      expect(calls).toEqual([{ status: "done" }]);
      expect(await outbound(w, number)).toEqual([]);
      expect(await ticketOf(a.token, first.ticket.id)).toMatchObject({ status: "pending", queueId, userId: null });
    } finally {
      await hook.close();
    }
  });
});
