import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import type { RunningServer } from "./support/server";
import { signedInPage } from "./support/session";
import { customerSays, pairedSandbox, type SandboxConnection } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let page: Page; // the admin of a company that has just signed up
let whatsapp: SandboxConnection;
const OWNER = { email: `dona.${Date.now().toString(36)}@example.com`, password: "segredo1" };
const AGENT = { name: "Ana Atendente", email: `ana.${Date.now().toString(36)}@example.com`, password: "segredo1" };
const FIRST = { number: "5511987650101", name: "Carla Cliente" };
const SECOND = { number: "5511987650102", name: "Davi Cliente" };

const POLL = { timeout: 15_000 };

/** Resolves once the page's socket says it is ready: events from then on reach the page. */
const socketReady = (on: Page) => on.waitForEvent("websocket").then((ws) => ws.waitForEvent("framereceived", { predicate: (frame) => String(frame.payload).includes('"ready"') }));

const bellCount = () => page.getByTestId("notifications-button").getAttribute("data-count");
const faviconBadge = () => page.evaluate(() => document.querySelector('link[rel~="icon"]')?.getAttribute("data-badge") ?? "");

describe.skipIf(!browserAvailable)("a company's first day: quick replies, the bell, accepting and the composer", () => {
  let agentToken: string;

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // a signed-up company's admin, as a new user gets one: allTicket 'desabled'
    await api(server.url, "POST", "/companies/cadastro", { name: `Floricultura ${Date.now().toString(36)}`, phone: "(11) 98888-7777", planId: 1, ...OWNER });
    const { token } = await api<{ token: string }>(server.url, "POST", "/auth/login", OWNER);
    whatsapp = await pairedSandbox(server, token);
    await api(server.url, "POST", "/users", { ...AGENT, profile: "user" }, token);
    agentToken = (await api<{ token: string }>(server.url, "POST", "/auth/login", AGENT)).token;
    page = await signedInPage(browser, server, OWNER);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("a new quick reply starts company-wide, so the attendant gets the admin's reply", async () => {
    await page.goto(`${server.url}/quick-messages`);
    await page.getByTestId("quick-messages-add").click();
    await page.getByTestId("quick-message-dialog").waitFor();
    expect(await page.getByTestId("quick-message-geral").isChecked()).toBe(true);
    await page.getByTestId("quick-message-shortcode").fill("horario");
    await page.getByTestId("quick-message-message").fill("Abrimos das 8h às 18h.");
    await page.getByTestId("quick-message-save").click();
    await page.getByTestId("quick-message-dialog").waitFor({ state: "hidden" });

    const forAgent = await api<{ shortcode: string }[]>(server.url, "GET", "/quick-messages/list", undefined, agentToken);
    expect(forAgent.map((q) => q.shortcode)).toEqual(["horario"]);
  });

  it("the bell, the tab's title and the favicon count the customers waiting for the admin", async () => {
    const ready = socketReady(page);
    await page.goto(`${server.url}/tickets`);
    await page.getByTestId("tickets-manager").waitFor();
    await ready;
    expect(await page.title()).toBe("Balcão");
    await customerSays(server, whatsapp, FIRST, "*Oi*, quero um _buquê_");
    await expect.poll(bellCount, POLL).toBe("1");
    await expect.poll(() => page.title(), POLL).toBe("(1) Balcão");
    await expect.poll(faviconBadge, POLL).toBe("1");

    await customerSays(server, whatsapp, SECOND, "Vocês entregam hoje?");
    await expect.poll(bellCount, POLL).toBe("2");
    await expect.poll(() => page.title(), POLL).toBe("(2) Balcão");
    await expect.poll(faviconBadge, POLL).toBe("2");
  });

  it("the list previews the customer's text without WhatsApp's marks", async () => {
    await page.getByTestId("tickets-subtab-pending").click();
    const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: FIRST.name });
    await item.locator('[data-testid^="ticket-preview-"]').filter({ hasText: "Oi, quero um buquê" }).waitFor();
  });

  it("after 'Aceitar' the list moves to 'Atendendo' with the accepted ticket selected", async () => {
    await page.getByTestId("tickets-subtab-pending").click();
    const item = page.locator('[data-testid^="ticket-item-"]').filter({ hasText: FIRST.name });
    await item.locator('[data-testid^="ticket-accept-"]').click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.locator('[data-testid="ticket-view"][data-status="open"]').waitFor();
    await page.locator('[data-testid="tickets-subtab-open"][aria-selected="true"]').waitFor();
    const selected = page.getByTestId("tickets-list-open").locator('[data-selected="true"]');
    await selected.filter({ hasText: FIRST.name }).waitFor();
    // read now: only the other customer still waits
    await expect.poll(() => page.title(), POLL).toBe("(1) Balcão");
  });

  it("the send button stays disabled for blank text", async () => {
    await page.getByTestId("composer-input").fill("   \n  ");
    expect(await page.getByTestId("composer-send").isDisabled()).toBe(true);
    await page.getByTestId("composer-input").fill("Olá, Carla!");
    expect(await page.getByTestId("composer-send").isEnabled()).toBe(true);
  });

  it("Escape closes the emoji picker and gives the focus back to the composer", async () => {
    await page.getByTestId("composer-emoji").click();
    await page.getByTestId("emoji-picker").locator("em-emoji-picker").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("emoji-picker").waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("composer-input");
  });

  it("a click on 'Resolver' while the picker is open closes it and resolves the ticket", async () => {
    await page.getByTestId("composer-emoji").click();
    await page.getByTestId("emoji-picker").locator("em-emoji-picker").waitFor();
    await page.getByTestId("ticket-action-resolve").click();
    await page.waitForURL(/\/tickets$/);
    expect(await page.getByTestId("emoji-picker").count()).toBe(0);
  });
});
