import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { api } from "./support/api";
import { signedInPage } from "./support/session";
import { simulateCustomer } from "./support/simulator";
import { adminApiSession, pairedSandbox } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let customer: Page; // the admin, playing the customer's phone on the simulator
let agent: Page; // an attendant of the support queue
const AGENT = { name: "Bruno Suporte", email: "bruno@example.com", password: "segredo1" };
const NUMBER = "5511987650042";

/** The customer sends a text on the simulator and waits for the bot's answer containing `expected`. */
async function say(text: string, expected: string) {
  const before = await customer.locator('[data-testid^="simulator-message-"][data-direction="out"]').count();
  await customer.getByTestId("simulator-input").fill(text);
  await customer.getByTestId("simulator-send").click();
  const outbound = customer.locator('[data-testid^="simulator-message-"][data-direction="out"]');
  await expect.poll(() => outbound.count(), { timeout: 15_000 }).toBeGreaterThan(before);
  await outbound.last().filter({ hasText: expected }).waitFor();
}

describe.skipIf(!browserAvailable)("a customer walks the chatbot menu into a queue", () => {
  let ticketId: number;

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    const { token } = await adminApiSession(server);
    const sales = await api(server.url, "POST", "/queue", { name: "Vendas", color: "#1e88e5", orderQueue: 1, greetingMessage: "Vendas, um momento." }, token);
    const support = await api(server.url, "POST", "/queue", { name: "Suporte", color: "#43a047", orderQueue: 2, greetingMessage: "Suporte técnico, {{firstName}}." }, token);
    const internet = await api(server.url, "POST", "/queue-options", { queueId: support.id, parentId: null, option: "1", title: "Internet", message: "Sobre a internet:" }, token);
    await api(server.url, "POST", "/queue-options", { queueId: support.id, parentId: null, option: "2", title: "Telefone", message: "Ligue 0800." }, token);
    await api(server.url, "POST", "/queue-options", { queueId: support.id, parentId: internet.id, option: "1", title: "Sem sinal", message: "Um técnico vai te atender." }, token);
    await api(server.url, "POST", "/queue-options", { queueId: support.id, parentId: internet.id, option: "2", title: "Lenta", message: "Reinicie o roteador." }, token);
    await api(server.url, "POST", "/users", { ...AGENT, profile: "user", queueIds: [support.id] }, token);
    await pairedSandbox(server, token, { name: "Central", greetingMessage: "Olá! Escolha um setor:", queueIds: [sales.id, support.id] });

    customer = await signedInPage(browser, server, ADMIN, { viewport: { width: 1280, height: 860 } });
    agent = await signedInPage(browser, server, AGENT);
    await simulateCustomer(customer, NUMBER, "Paula Lima");
  });
  afterAll(() => stopJourney({ server, browser }));

  it("greets with the queue menu and enters the chosen queue's options", async () => {
    await say("Oi", "Escolha um setor");
    await customer.getByText("Suporte", { exact: false }).last().waitFor();
    await say("2", "Suporte técnico, Paula.");
    await customer.locator('[data-testid^="simulator-message-"][data-direction="out"]').last().filter({ hasText: "Internet" }).waitFor();
    // the attendant sees the conversation live, marked as handled by the bot
    await agent.getByTestId("tickets-subtab-pending").click();
    const item = agent.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Paula Lima" }).first();
    await item.waitFor();
    ticketId = Number((await item.getAttribute("data-testid"))!.replace("ticket-item-", ""));
    await agent.getByTestId(`ticket-chatbot-${ticketId}`).waitFor();
  });

  it("walks two levels and reaches a person at a leaf", async () => {
    await say("1", "Sem sinal");
    await say("1", "Um técnico vai te atender.");
    await agent.getByTestId(`ticket-chatbot-${ticketId}`).waitFor({ state: "detached" });
    await agent.getByTestId(`ticket-item-${ticketId}`).filter({ hasText: "Suporte" }).waitFor();
  });
});
