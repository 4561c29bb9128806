import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable, launchBrowser } from "./support/browser";
import { ADMIN, startServer, type RunningServer } from "./support/server";
import { api } from "./support/api";

let server: RunningServer;
let browser: Browser;
let customer: Page; // the admin, playing the customer's phone on the simulator
let agent: Page; // an attendant handling the conversation
const AGENT = { name: "Ana Atendente", email: "ana@example.com", password: "segredo1" };
const NUMBER = "5511987650001";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

async function login(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/tickets$/);
}

describe.skipIf(!browserAvailable)("a customer and an attendant hold a conversation, live", () => {
  let whatsappId: number;
  let sales: number;
  let support: number;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // setup through the API first: a later browser login of the admin closes this session
    const { token } = await api(server.url, "POST", "/auth/login", ADMIN);
    sales = (await api(server.url, "POST", "/queue", { name: "Vendas", color: "#1e88e5" }, token)).id;
    support = (await api(server.url, "POST", "/queue", { name: "Suporte", color: "#43a047" }, token)).id;
    await api(server.url, "POST", "/users", { ...AGENT, profile: "user", queueIds: [sales, support] }, token);
    const whatsapp = await api(server.url, "POST", "/whatsapp", { name: "Loja", channel: "sandbox" }, token);
    whatsappId = whatsapp.id;
    await api(server.url, "POST", `/sandbox/${whatsappId}/pair`, {}, token);

    customer = await (await browser.newContext({ viewport: { width: 1280, height: 860 } })).newPage();
    agent = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
    await login(customer, ADMIN.email, ADMIN.password);
    await login(agent, AGENT.email, AGENT.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the customer writes on the simulator and the pending ticket appears live for the attendant", async () => {
    await agent.getByTestId("tickets-subtab-pending").click();
    await customer.getByTestId("menu-simulator").click();
    await customer.getByTestId("simulator-page").waitFor();
    await customer.getByTestId("simulator-status").and(customer.locator('[data-status="CONNECTED"]')).waitFor();
    const numberApplied = customer.waitForResponse((r) => r.url().includes(`/conversation?number=${NUMBER}`));
    await customer.getByTestId("simulator-number").fill(NUMBER);
    await customer.getByTestId("simulator-name").fill("Carla Cliente");
    await numberApplied; // the phone now speaks as this number
    await customer.getByTestId("simulator-input").fill("Olá, quero comprar um sofá");
    await customer.getByTestId("simulator-send").click();

    await agent.getByText("Carla Cliente").first().waitFor();
    await agent.getByText("Olá, quero comprar um sofá").first().waitFor();
    await agent.locator('[data-testid="tickets-count-pending"]').filter({ hasText: "1" }).first().waitFor();
  });

  it("the attendant accepts and replies with text and an image; the simulator shows both with ticks", async () => {
    const item = agent.locator('[data-testid^="ticket-accept-"]').first();
    await item.click();
    await agent.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await agent.getByTestId("ticket-view").waitFor();
    await agent.getByText("Olá, quero comprar um sofá").first().waitFor();

    await agent.locator('[data-testid="ticket-view"][data-status="open"]').waitFor();
    await agent.getByTestId("composer-input").fill("Claro! Temos vários modelos.");
    await agent.getByTestId("composer-send").click();
    await agent.getByTestId("messages-list").getByText("Claro! Temos vários modelos.").waitFor();
    await agent.getByTestId("composer-file-input").setInputFiles({ name: "sofa azul.png", mimeType: "image/png", buffer: PNG });
    await agent.getByTestId("composer-send").click();

    await customer.getByText("Claro! Temos vários modelos.").first().waitFor().catch(async (err) => {
      await customer.screenshot({ path: "/tmp/e2e-customer-failure.png" });
      await agent.screenshot({ path: "/tmp/e2e-agent-failure.png" });
      throw err;
    });
    const outbound = customer.locator('[data-testid^="simulator-message-"][data-direction="out"]');
    await expect.poll(() => outbound.count(), { timeout: 15_000 }).toBe(2);
    const ticks = customer.locator('[data-testid^="simulator-ack-"]');
    await expect.poll(async () => Math.min(...(await ticks.evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-ack")))))), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // the simulator reads them: the attendant sees blue ticks
    await agent.locator('[data-testid^="message-ack-"]').last().waitFor();
  });

  it("transfers to another queue: the ticket goes back to pending, unassigned", async () => {
    await agent.getByTestId("ticket-options").click();
    await agent.getByTestId("ticket-option-transfer").click();
    await agent.getByTestId("transfer-modal").waitFor();
    await agent.getByTestId("transfer-queue").click();
    await agent.getByTestId(`transfer-queue-option-${support}`).click();
    await agent.getByTestId("transfer-save").click();
    await agent.waitForURL(/\/tickets$/);
    const tickets = await api(server.url, "GET", `/tickets?status=pending&searchParam=${NUMBER}`, undefined, await agent.evaluate(() => localStorage.getItem("token")?.replace(/"/g, "") ?? ""));
    expect(tickets.tickets[0]).toMatchObject({ status: "pending", userId: null, queue: { name: "Suporte" } });
  });

  it("resolves and reopens the conversation", async () => {
    await agent.getByTestId("tickets-subtab-pending").click();
    await agent.locator('[data-testid^="ticket-accept-"]').first().click();
    await agent.getByTestId("ticket-action-resolve").click();
    await agent.waitForURL(/\/tickets$/);
    await agent.getByTestId("tickets-tab-closed").click();
    await agent.getByText("Carla Cliente").first().waitFor();
    await agent.locator('[data-testid^="ticket-reopen-"]').first().click();
    await agent.getByTestId("ticket-view").waitFor();
    await agent.getByTestId("ticket-action-resolve").waitFor();
  });

  it("finds the conversation by a word of its messages", async () => {
    await agent.goto(`${server.url}/tickets`);
    await agent.getByTestId("tickets-tab-search").click();
    await agent.getByTestId("tickets-search-input").fill("SOFÁ");
    await agent.locator('[data-testid^="ticket-item-"]').filter({ hasText: "Carla Cliente" }).first().waitFor();
  });
});
