import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { startDialogflowStandIn, startTypebotStandIn, standInServiceAccount } from "../../test/standins/queueIntegrations";
import { integrationCalls } from "../../db/schema";
import { INTEGRATION_MAX_ATTEMPTS, runDueIntegrationCalls } from "./calls";
import { until } from "../../test/until";

let t: TestApp;
let dialogflow: Awaited<ReturnType<typeof startDialogflowStandIn>>;

beforeAll(async () => {
  dialogflow = await startDialogflowStandIn();
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true", DIALOGFLOW_API_URL: dialogflow.url } });
});
afterAll(async () => {
  await t?.close();
  await dialogflow?.close();
});

/** A company with a sandbox connection whose one queue (or the connection itself) has the integration. */
async function workspace(integration: Record<string, unknown>, on: "queue" | "connection" = "queue") {
  const a = await signUpCompany(t.http);
  const created = await t.http.post("/queueIntegration", integration, a.token);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const w = await pairedSandbox(t.http, a.token);
  const queue = await t.http.post("/queue", { name: unique("Vendas "), color: "#123456", greetingMessage: "Fila de vendas.", integrationId: on === "queue" ? created.body.id : null }, a.token);
  expect(queue.status).toBe(201);
  const put = await t.http.put(`/whatsapp/${w.id}`, { name: w.name, greetingMessage: "Bem-vindo!", queueIds: [queue.body.id], integrationId: on === "connection" ? created.body.id : null }, a.token);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { a, w, queueId: queue.body.id as number };
}

const outbound = async (w: { id: number; token: string }, number: string) => ((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body as { body: string }[]).map((m) => m.body);
const ticketOf = async (token: string, id: number) => (await t.http.get(`/tickets/${id}`, token)).body;

/**
 * The customer's message reached a failing endpoint once: the later tries run as their backoff
 * passes (the due calls' sweep, with its clock ahead), then a person takes the ticket in its queue.
 */
async function failsThenHandsOver(a: { token: string }, ticket: { id: number; companyId: number }, queueId: number, tries: () => number) {
  await until(
    async () => tries(),
    (n) => n >= 1,
  );
  expect(await ticketOf(a.token, ticket.id)).toMatchObject({ status: "pending", useIntegration: true });
  await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 11_000));
  await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 10 * 60_000));
  expect(tries()).toBe(INTEGRATION_MAX_ATTEMPTS);
  expect(await ticketOf(a.token, ticket.id)).toMatchObject({ status: "pending", queueId, userId: null, useIntegration: false });
  const calls = await t.built.ctx.db
    .select({ status: integrationCalls.status, attempts: integrationCalls.attempts })
    .from(integrationCalls)
    .where(and(eq(integrationCalls.companyId, ticket.companyId), eq(integrationCalls.ticketId, ticket.id)));
  expect(calls).toEqual([{ status: "failed", attempts: INTEGRATION_MAX_ATTEMPTS }]);
  // a person's now: later sweeps ask nothing more
  await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 60 * 60_000));
  expect(tries()).toBe(INTEGRATION_MAX_ATTEMPTS);
}

describe("a failing Typebot", () => {
  it("answering 500 is tried again with backoff, then a person takes the ticket in its queue", async () => {
    const bot = await startTypebotStandIn("falha");
    bot.state.failing = true;
    try {
      const { a, w, queueId } = await workspace({ name: "Typebot instável", type: "typebot", urlN8N: bot.url, typebotSlug: "falha", typebotDelayMessage: 0 });
      const number = "5511900031001";
      const said = await customerSays(t.http, w, number, "oi");
      await failsThenHandsOver(a, said.ticket, queueId, () => bot.calls.length);
      expect(bot.calls.every((c) => c.path === "/api/v1/typebots/falha/startChat")).toBe(true);
      expect(await outbound(w, number)).toEqual([]);
      // the next message is for people: the bot is not asked again
      bot.state.failing = false;
      await customerSays(t.http, w, number, "alguém?");
      await new Promise((r) => setTimeout(r, 300));
      expect(bot.calls).toHaveLength(INTEGRATION_MAX_ATTEMPTS);
    } finally {
      await bot.close();
    }
  });
});

describe("a failing integration of the connection", () => {
  it("hands the ticket over before any queue: the customer's next message is the queue menu's", async () => {
    const bot = await startTypebotStandIn("falha-conexao");
    bot.state.failing = true;
    try {
      const { a, w, queueId } = await workspace({ name: "Typebot da conexão", type: "typebot", urlN8N: bot.url, typebotSlug: "falha-conexao", typebotDelayMessage: 0 }, "connection");
      const number = "5511900031004";
      const said = await customerSays(t.http, w, number, "oi");
      await until(
        async () => bot.calls.length,
        (n) => n >= 1,
      );
      await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 11_000));
      await runDueIntegrationCalls(t.built.ctx, new Date(Date.now() + 10 * 60_000));
      expect(await ticketOf(a.token, said.ticket.id)).toMatchObject({ status: "pending", queueId: null, userId: null, useIntegration: false });
      await customerSays(t.http, w, number, "alguém?");
      expect(
        await until(
          () => outbound(w, number),
          (o) => o.length >= 1,
        ),
      ).toEqual(["Fila de vendas."]);
      expect(bot.calls).toHaveLength(INTEGRATION_MAX_ATTEMPTS);
      expect(await ticketOf(a.token, said.ticket.id)).toMatchObject({ status: "pending", queueId, useIntegration: false });
    } finally {
      await bot.close();
    }
  });
});

describe("a failing Dialogflow", () => {
  it("refusing the token exchange (401): tried again with backoff, then a person takes the ticket in its queue", async () => {
    // a service account the token endpoint does not trust
    const { account } = standInServiceAccount(`${dialogflow.url}/token`);
    const { a, w, queueId } = await workspace({ name: "Agente sem token", type: "dialogflow", projectName: "agente", jsonContent: JSON.stringify(account), language: "pt-BR" });
    const before = { tokens: dialogflow.state.tokenRequests, detections: dialogflow.detections.length };
    const number = "5511900031002";
    const said = await customerSays(t.http, w, number, "olá");
    await failsThenHandsOver(a, said.ticket, queueId, () => dialogflow.state.tokenRequests - before.tokens);
    expect(dialogflow.detections.length).toBe(before.detections);
    expect(await outbound(w, number)).toEqual([]);
  });

  it("failing detect intent (500): tried again with backoff, then a person takes the ticket in its queue", async () => {
    const { account, publicKey } = standInServiceAccount(`${dialogflow.url}/token`);
    dialogflow.trust(publicKey);
    const { a, w, queueId } = await workspace({ name: "Agente instável", type: "dialogflow", projectName: "agente", jsonContent: JSON.stringify(account), language: "pt-BR" });
    dialogflow.state.detectFailing = true;
    try {
      const number = "5511900031003";
      const said = await customerSays(t.http, w, number, "olá");
      const mine = () => dialogflow.detections.filter((d) => d.path.includes(`balcao-${said.ticket.uuid}`)).length;
      await failsThenHandsOver(a, said.ticket, queueId, mine);
      expect(await outbound(w, number)).toEqual([]);
    } finally {
      dialogflow.state.detectFailing = false;
    }
  });
});
