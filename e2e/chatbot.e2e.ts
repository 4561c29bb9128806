import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable, launchBrowser } from "./support/browser";
import { ADMIN, startServer, type RunningServer } from "./support/server";
import { api } from "./support/api";

let server: RunningServer;
let browser: Browser;
let customer: Page; // the admin, playing the customer's phone on the simulator
let agent: Page; // an attendant of the support queue
const AGENT = { name: "Bruno Suporte", email: "bruno@example.com", password: "segredo1" };
const NUMBER = "5511987650042";

async function login(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/tickets$/);
}

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
    server = await startServer();
    browser = await launchBrowser();
    const { token } = await api(server.url, "POST", "/auth/login", ADMIN);
    const sales = await api(server.url, "POST", "/queue", { name: "Vendas", color: "#1e88e5", orderQueue: 1, greetingMessage: "Vendas, um momento." }, token);
    const support = await api(server.url, "POST", "/queue", { name: "Suporte", color: "#43a047", orderQueue: 2, greetingMessage: "Suporte técnico, {{firstName}}." }, token);
    const internet = await api(server.url, "POST", "/queue-options", { queueId: support.id, parentId: null, option: "1", title: "Internet", message: "Sobre a internet:" }, token);
    await api(server.url, "POST", "/queue-options", { queueId: support.id, parentId: null, option: "2", title: "Telefone", message: "Ligue 0800." }, token);
    await api(server.url, "POST", "/queue-options", { queueId: support.id, parentId: internet.id, option: "1", title: "Sem sinal", message: "Um técnico vai te atender." }, token);
    await api(server.url, "POST", "/queue-options", { queueId: support.id, parentId: internet.id, option: "2", title: "Lenta", message: "Reinicie o roteador." }, token);
    await api(server.url, "POST", "/users", { ...AGENT, profile: "user", queueIds: [support.id] }, token);
    const whatsapp = await api(server.url, "POST", "/whatsapp", { name: "Central", channel: "sandbox", greetingMessage: "Olá! Escolha um setor:", queueIds: [sales.id, support.id] }, token);
    await api(server.url, "POST", `/sandbox/${whatsapp.id}/pair`, {}, token);

    customer = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    agent = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await login(customer, ADMIN.email, ADMIN.password);
    await login(agent, AGENT.email, AGENT.password);
    await customer.getByTestId("menu-simulator").click();
    await customer.getByTestId("simulator-status").and(customer.locator('[data-status="CONNECTED"]')).waitFor();
    const numberApplied = customer.waitForResponse((r) => r.url().includes(`/conversation?number=${NUMBER}`));
    await customer.getByTestId("simulator-number").fill(NUMBER);
    await customer.getByTestId("simulator-name").fill("Paula Lima");
    await numberApplied;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

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
