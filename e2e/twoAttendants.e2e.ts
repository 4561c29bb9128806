import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import type { RunningServer } from "./support/server";
import { api } from "./support/api";
import { signedInPage } from "./support/session";
import { adminApiSession, customerSays as phoneSays, pairedSandbox, type InboundTicket, type SandboxConnection } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let ana: Page; // attendant A
let beto: Page; // attendant B, same queue
let adminToken: string; // the admin works through the API only (a browser login would close this session)
let whatsapp: SandboxConnection;
const ANA = { name: "Ana Atendente", email: "ana@example.com", password: "segredo1" };
const BETO = { name: "Beto Atendente", email: "beto@example.com", password: "segredo2" };
const CARLA = { number: "5511987650011", name: "Carla Cliente" };
const DANI = { number: "5511987650022", name: "Dani Cliente" };

const customerSays = (who: { number: string; name: string }, body: string): Promise<InboundTicket> => phoneSays(server, whatsapp, who, body);

const pendingCount = (page: Page) => page.getByTestId("tickets-count-pending").innerText();
/** Waits until the pending sub-tab's badge shows `count`. */
const pendingCountIs = (page: Page, count: number) =>
  page
    .getByTestId("tickets-count-pending")
    .filter({ hasText: new RegExp(`^${count}$`) })
    .waitFor();
const firstItem = (page: Page, list: string) => page.getByTestId(list).locator('[data-testid^="ticket-item-"]').first().getAttribute("data-testid");
const POLL = { timeout: 15_000, interval: 100 };

describe.skipIf(!browserAvailable)("two attendants of one queue see the same tickets move, live", () => {
  let carla: { id: number; uuid: string };
  let dani: { id: number; uuid: string };

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    adminToken = (await adminApiSession(server)).token;
    const sales = (await api(server.url, "POST", "/queue", { name: "Vendas", color: "#1e88e5" }, adminToken)).id;
    await api(server.url, "POST", "/users", { ...ANA, profile: "user", queueIds: [sales] }, adminToken);
    await api(server.url, "POST", "/users", { ...BETO, profile: "user", queueIds: [sales] }, adminToken);
    whatsapp = await pairedSandbox(server, adminToken);

    [ana, beto] = await Promise.all([ANA, BETO].map((who) => signedInPage(browser, server, who)));
    for (const page of [ana, beto]) {
      await page.getByTestId("tickets-subtab-pending").click();
      await pendingCountIs(page, 0);
    }
  });
  afterAll(() => stopJourney({ server, browser }));

  it("a customer's new message makes the pending ticket appear for both", async () => {
    carla = await customerSays(CARLA, "Olá, quero um orçamento");
    for (const page of [ana, beto]) {
      const item = page.getByTestId("tickets-list-pending").getByTestId(`ticket-item-${carla.id}`);
      await item.getByText(CARLA.name).waitFor();
      await item.getByText("Olá, quero um orçamento").waitFor();
      await pendingCountIs(page, 1);
    }
    dani = await customerSays(DANI, "Bom dia!");
    for (const page of [ana, beto]) {
      await page.getByTestId("tickets-list-pending").getByTestId(`ticket-item-${dani.id}`).getByText(DANI.name).waitFor();
      await pendingCountIs(page, 2);
    }
  });

  it("when A accepts, the ticket leaves B's pending list and B's count drops", async () => {
    await ana.getByTestId(`ticket-accept-${carla.id}`).click();
    await ana.waitForURL(new RegExp(`/tickets/${carla.uuid}$`));
    await ana.locator('[data-testid="ticket-view"][data-status="open"]').waitFor();
    await beto.getByTestId("tickets-list-pending").getByTestId(`ticket-item-${carla.id}`).waitFor({ state: "detached" });
    await pendingCountIs(beto, 1);
    await beto.getByTestId(`ticket-item-${dani.id}`).waitFor(); // the other one still waits for either of them

    // A's list followed the accepted ticket to 'Atendendo': back to 'Aguardando' for the next one
    await ana.locator('[data-testid="tickets-subtab-open"][aria-selected="true"]').waitFor();
    await ana.getByTestId("tickets-subtab-pending").click();
    await ana.getByTestId(`ticket-accept-${dani.id}`).click();
    await ana.waitForURL(new RegExp(`/tickets/${dani.uuid}$`));
    await beto.getByTestId(`ticket-item-${dani.id}`).waitFor({ state: "detached" });
    await pendingCountIs(beto, 0);
    await pendingCountIs(ana, 0);
  });

  it("a new customer message moves that ticket to the top of A's list", async () => {
    await ana.getByTestId("tickets-subtab-open").click();
    await ana.getByTestId("tickets-list-open").getByTestId(`ticket-item-${carla.id}`).waitFor();
    // the last one accepted is on top until Carla writes again
    await expect.poll(() => firstItem(ana, "tickets-list-open"), POLL).toBe(`ticket-item-${dani.id}`);
    await customerSays(CARLA, "Ainda está aí?");
    const item = ana.getByTestId("tickets-list-open").getByTestId(`ticket-item-${carla.id}`);
    await item.getByText("Ainda está aí?").waitFor();
    await expect.poll(() => firstItem(ana, "tickets-list-open"), POLL).toBe(`ticket-item-${carla.id}`);
    await ana.getByTestId(`ticket-unread-${carla.id}`).waitFor();
    // B never had them: no new pending ticket for B
    expect(await pendingCount(beto)).toBe("0");
  });

  it("reopening a closed ticket while the contact has another: opens it when waiting, names B when B has it", async () => {
    await ana.getByTestId(`ticket-close-${carla.id}`).click();
    await ana.getByTestId("tickets-list-open").getByTestId(`ticket-item-${carla.id}`).waitFor({ state: "detached" });
    const again = await customerSays(CARLA, "Voltei, esqueci uma coisa");
    expect(again.id).not.toBe(carla.id);
    await beto.getByTestId(`ticket-item-${again.id}`).waitFor();

    // the other ticket waits in the queue: A is taken to it
    await ana.getByTestId("tickets-tab-closed").click();
    await ana.getByTestId(`ticket-reopen-${carla.id}`).click();
    await ana.waitForURL(new RegExp(`/tickets/${again.uuid}$`));
    await ana.locator('[data-testid="ticket-view"][data-status="pending"]').waitFor();

    // B takes it: now A's reopen names B, and no toast shows the server's JSON
    await beto.getByTestId(`ticket-accept-${again.id}`).click();
    await beto.waitForURL(new RegExp(`/tickets/${again.uuid}$`));
    await ana.getByTestId(`ticket-reopen-${carla.id}`).click();
    const dialog = ana.getByTestId("new-ticket-already-open");
    await dialog.getByText(BETO.name, { exact: false }).waitFor();
    expect(await ana.getByText('"uuid"', { exact: false }).count()).toBe(0);
    await ana.getByTestId("new-ticket-already-open-close").click();
    await dialog.waitFor({ state: "detached" });
  });

  it("an admin deleting a ticket removes it from A's list, and sends A to /tickets when it was open", async () => {
    await ana.getByTestId("tickets-tab-open").click();
    await ana.getByTestId(`ticket-open-${dani.id}`).click();
    await ana.waitForURL(new RegExp(`/tickets/${dani.uuid}$`));
    await ana.getByTestId("tickets-tab-closed").click();

    await api(server.url, "DELETE", `/tickets/${carla.id}`, undefined, adminToken);
    await ana.getByTestId(`ticket-item-${carla.id}`).waitFor({ state: "detached" });
    expect(ana.url()).toMatch(new RegExp(`/tickets/${dani.uuid}$`)); // Dani's conversation stays on screen
    await ana.getByTestId("ticket-view").waitFor();

    await api(server.url, "DELETE", `/tickets/${dani.id}`, undefined, adminToken);
    await ana.waitForURL(/\/tickets$/);
    await ana.getByTestId("tickets-no-conversation").waitFor();
    await ana.getByTestId("ticket-view").waitFor({ state: "detached" });
    await ana.getByTestId("tickets-tab-open").click();
    await ana.getByTestId("tickets-list-open").waitFor();
    expect(await ana.getByTestId(`ticket-item-${dani.id}`).count()).toBe(0);
  });
});
