import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { api } from "./support/api";
import { browserToken, signedInPage } from "./support/session";
import { simulateCustomer } from "./support/simulator";
import { adminApiSession, pairedSandbox } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let customer: Page; // the admin, playing the customer's phone on the simulator
let agent: Page; // an attendant handling the conversation
const AGENT = { name: "Ana Atendente", email: "ana@example.com", password: "segredo1" };
const NUMBER = "5511987650001";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe.skipIf(!browserAvailable)("a customer and an attendant hold a conversation, live", () => {
  let sales: number;
  let support: number;

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // setup through the API first: a later browser login of the admin closes this session
    const { token } = await adminApiSession(server);
    sales = (await api(server.url, "POST", "/queue", { name: "Vendas", color: "#1e88e5" }, token)).id;
    support = (await api(server.url, "POST", "/queue", { name: "Suporte", color: "#43a047" }, token)).id;
    await api(server.url, "POST", "/users", { ...AGENT, profile: "user", queueIds: [sales, support] }, token);
    await pairedSandbox(server, token);

    customer = await signedInPage(browser, server, ADMIN, { viewport: { width: 1280, height: 860 } });
    agent = await signedInPage(browser, server, AGENT);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("the customer writes on the simulator and the pending ticket appears live for the attendant", async () => {
    await agent.getByTestId("tickets-subtab-pending").click();
    await simulateCustomer(customer, NUMBER, "Carla Cliente");
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

    await customer
      .getByText("Claro! Temos vários modelos.")
      .first()
      .waitFor()
      .catch(async (err) => {
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
    const tickets = await api(server.url, "GET", `/tickets?status=pending&searchParam=${NUMBER}`, undefined, await browserToken(agent));
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
