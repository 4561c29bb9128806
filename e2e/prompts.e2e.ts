import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";
import { simulateCustomer } from "./support/simulator";
import { adminApiSession, pairedSandbox, type SandboxConnection } from "./support/workspace";

const PHONE = { width: 360, height: 740 };
const NUMBER = "5511987650088";
const AGENT = { name: "Bruno Atendente", email: "bruno.ia@example.com", password: "segredo1" };
const INSTRUCTIONS = "Você é a assistente da Loja Central. Responda em uma frase curta e cordial.";
const API_KEY = "sk-jornada-ia-7788";
const SPOKEN = "Qual o preço do sofá azul?";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let customer: Page;
let agent: Page;
let model: http.Server;
let modelUrl = "";
const chats: { authorization?: string; messages: { role: string; content: string }[] }[] = [];

/** An OpenAI-compatible chat endpoint: answers each customer message, echoing it, and records what it read. */
async function startModel() {
  model = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.url === "/v1/audio/transcriptions") return res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: SPOKEN }));
      if (req.url !== "/v1/chat/completions") return res.writeHead(404).end();
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { messages: { role: string; content: string }[] };
      chats.push({ authorization: req.headers.authorization, messages: body.messages });
      const last = body.messages[body.messages.length - 1]?.content ?? "";
      const answer = { choices: [{ index: 0, message: { role: "assistant", content: `IA: recebi "${last}"` }, finish_reason: "stop" }] };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => model.listen(0, "127.0.0.1", resolve));
  modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The customer sends a text on the simulator and waits for an answer containing `expected`. */
async function say(text: string, expected: string) {
  await customer.getByTestId("simulator-input").fill(text);
  await customer.getByTestId("simulator-send").click();
  await customer.locator('[data-testid^="simulator-message-"][data-direction="out"]').filter({ hasText: expected }).first().waitFor({ timeout: 15_000 });
}

describe.skipIf(!browserAvailable)("an admin puts an AI prompt in front of a queue (on a 360 px phone)", () => {
  let queueId: number;
  let connection: SandboxConnection;

  beforeAll(async () => {
    await startModel();
    // the model stand-in listens on this machine
    ({ server, browser } = await startJourney({ WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true" }));
    const { token } = await adminApiSession(server);
    queueId = (await api<{ id: number }>(server.url, "POST", "/queue", { name: "Atendimento IA", color: "#00897b" }, token)).id;
    await api(server.url, "POST", "/users", { ...AGENT, profile: "user", queueIds: [queueId] }, token);
    connection = await pairedSandbox(server, token, { name: "Central", queueIds: [queueId] });
    admin = await signedInPage(browser, server, ADMIN, { viewport: PHONE });
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    model?.closeAllConnections();
    await new Promise((resolve) => model?.close(resolve));
  });

  it("creates the prompt on its page, with the spec's defaults and its queue required", async () => {
    await admin.goto(`${server.url}/prompts`);
    await admin.getByTestId("prompts-add").click();
    await admin.getByTestId("prompt-max-tokens").waitFor();
    expect([await admin.getByTestId("prompt-max-tokens").inputValue(), await admin.getByTestId("prompt-temperature").inputValue(), await admin.getByTestId("prompt-max-messages").inputValue()]).toEqual([
      "100",
      "1",
      "10",
    ]);
    await admin.getByTestId("prompt-name").fill("Assistente da loja");
    await admin.getByTestId("prompt-text").fill(INSTRUCTIONS);
    await admin.getByTestId("prompt-save").click();
    await admin.getByTestId("prompt-dialog").getByText("Informe o setor").waitFor();
    await admin.getByTestId("prompt-queue").click();
    await admin.getByRole("option", { name: "Atendimento IA" }).click();
    await admin.getByTestId("prompt-api-key").fill(API_KEY);
    await admin.getByTestId("prompt-base-url").fill(modelUrl);
    await admin.getByTestId("prompt-save").click();
    await admin.getByTestId("prompt-dialog").waitFor({ state: "detached" });
    const row = admin.locator('[data-testid^="prompt-row-"]').filter({ hasText: "Assistente da loja" });
    await row.filter({ hasText: "Atendimento IA" }).filter({ hasText: "100" }).waitFor();
    expect(await sidewaysScroll(admin)).toBe(0);
  });

  it("attaches it to the queue in the queue's dialog", async () => {
    await admin.goto(`${server.url}/queues`);
    await admin.getByTestId(`queue-edit-${queueId}`).click();
    await admin.getByTestId("queue-promptId").locator("xpath=..").getByRole("combobox").click();
    await admin.getByRole("option", { name: "Assistente da loja" }).click();
    const saved = admin.waitForResponse((r) => r.url().endsWith(`/queue/${queueId}`) && r.request().method() === "PUT");
    await admin.getByTestId("queue-save").click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(((await answer.json()) as { promptId: number | null }).promptId).toEqual(expect.any(Number));
  });

  it("answers the simulated customer with the model, then hands the ticket to an attendant", async () => {
    customer = await signedInPage(browser, server, ADMIN, { viewport: { width: 1280, height: 860 } });
    agent = await signedInPage(browser, server, AGENT);
    await simulateCustomer(customer, NUMBER, "Denise Prado");
    // the connection's only queue, without a greeting or options: the first message enters it and the queue's prompt answers it
    await say("Vocês abrem no sábado?", 'IA: recebi "Vocês abrem no sábado?"');
    expect(chats[0]).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      messages: [
        { role: "system", content: INSTRUCTIONS },
        { role: "user", content: "Vocês abrem no sábado?" },
      ],
    });
    // a voice note: transcribed before the model reads it
    const note = Buffer.from("OggS-nota-de-voz").toString("base64");
    await api(
      server.url,
      "POST",
      `/sandbox/${connection.id}/inbound`,
      { number: NUMBER, name: "Denise Prado", body: "", mediaType: "audio", media: { data: note, filename: "nota.ogg", mimetype: "audio/ogg" } },
      connection.token,
    );
    await customer
      .locator('[data-testid^="simulator-message-"][data-direction="out"]')
      .filter({ hasText: `IA: recebi "${SPOKEN}"` })
      .first()
      .waitFor({ timeout: 15_000 });
    await say("Quero falar com um atendente", "atendentes");
    const asked = chats.length;

    // the attendant finds it waiting in the prompt's queue and takes it; the assistant keeps quiet
    await agent.getByTestId("tickets-subtab-pending").click();
    await agent.getByText("Denise Prado").first().waitFor();
    await agent.locator('[data-testid^="ticket-accept-"]').first().click();
    await agent.locator('[data-testid="ticket-view"][data-status="open"]').waitFor();
    // what the assistant heard shows under the customer's audio
    await agent.getByTestId("message-transcript").filter({ hasText: SPOKEN }).waitFor();
    await agent.getByTestId("composer-input").fill("Olá Denise, sou o Bruno. Abrimos sim!");
    await agent.getByTestId("composer-send").click();
    await customer.locator('[data-testid^="simulator-message-"][data-direction="out"]').filter({ hasText: "sou o Bruno" }).first().waitFor({ timeout: 15_000 });
    await customer.getByTestId("simulator-input").fill("Obrigada!");
    await customer.getByTestId("simulator-send").click();
    await agent.getByTestId("messages-list").getByText("Obrigada!").waitFor();
    expect(chats.length).toBe(asked);
  });
});
