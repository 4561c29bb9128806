import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";
import { adminApiSession, customerSays, pairedSandbox, type InboundTicket } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let phone: Page;
let ticket: InboundTicket;
const PHONE = { width: 360, height: 740 };

/** How far the page scrolls sideways: 0 when it fits the screen. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Visible and wholly inside the screen's width. */
async function onScreen(control: Locator) {
  await control.waitFor();
  const box = await control.boundingBox();
  expect(box, "a visible control").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

async function open(path: string) {
  await phone.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
}

describe.skipIf(!browserAvailable)("on a phone (360 px) every page fits the screen", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // setup through the API first: the browser login of the admin closes this session
    const session = await adminApiSession(server);
    const whatsapp = await pairedSandbox(server, session.token);
    ticket = await customerSays(server, whatsapp, { number: "5511987650077", name: "Bruna Cliente com um nome bem comprido" }, "Oi, meu pedido já saiu? Quero saber quando chega aqui em casa");
    await api(server.url, "PUT", `/tickets/${ticket.id}`, { status: "open", userId: session.user.id }, session.token);
    await api(server.url, "POST", "/schedules", { body: "Lembrete do pedido", contactId: ticket.contactId, sendAt: new Date(Date.now() + 86_400_000).toISOString() }, session.token);
    phone = await signedInPage(browser, server, ADMIN, { viewport: PHONE });
  });
  afterAll(() => stopJourney({ server, browser }));

  it("/schedules: the toolbar, the calendar's views and weekdays and the account menu are on screen", async () => {
    await open("/schedules");
    await phone.getByTestId("schedules-calendar").waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    for (const id of ["schedules-search", "schedules-add", "account-menu"]) await onScreen(phone.getByTestId(id));
    for (const button of await phone.locator(".rbc-toolbar button").all()) await onScreen(button);
    // weekday headers are whole words (abbreviated), not cut with an ellipsis
    const cut = await phone.locator(".rbc-header").evaluateAll((headers) => headers.filter((h) => h.scrollWidth > h.clientWidth).length);
    expect(cut).toBe(0);
  });

  it("/connections: each connection is a card with its status, session and row actions on screen", async () => {
    await open("/connections");
    await phone.getByTestId("connection-row-1").waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    for (const id of ["connections-add", "connection-status-1", "connection-disconnect-1", "connection-edit-1", "connection-delete-1"]) await onScreen(phone.getByTestId(id));
  });

  it("/users: the search, the add button and each user's email and actions are on screen", async () => {
    await open("/users");
    await phone.getByTestId("user-row-1").waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    for (const id of ["users-search", "users-add", "user-email-1", "user-online-1", "user-edit-1"]) await onScreen(phone.getByTestId(id));
  });

  it("a ticket: the header actions and a one-line composer are on screen", async () => {
    await open(`/tickets/${ticket.uuid}`);
    await phone.getByTestId("ticket-view").waitFor();
    expect(await sidewaysScroll(phone)).toBe(0);
    for (const id of ["composer-input", "composer-send", "ticket-options"]) await onScreen(phone.getByTestId(id));
    const input = phone.getByTestId("composer-input");
    const lineHeight = await input.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await input.boundingBox())!.height).toBeLessThan(lineHeight * 1.5); // its placeholder does not wrap
  });

  it("no other page scrolls sideways either", async () => {
    const pages = ["/", "/tickets", "/contacts", "/quick-messages", "/todolist", "/tags", "/helps", "/kanban", "/queues", "/simulator", "/messages-api", "/settings", "/no-such-page"];
    const wide: string[] = [];
    for (const path of pages) {
      await open(path);
      if ((await sidewaysScroll(phone)) > 0) wide.push(path);
    }
    expect(wide).toEqual([]);

    const visitor = await (await browser.newContext({ viewport: PHONE })).newPage();
    for (const path of ["/login", "/signup", "/forgetpsw"]) {
      await visitor.goto(`${server.url}${path}`, { waitUntil: "networkidle" });
      if ((await sidewaysScroll(visitor)) > 0) wide.push(path);
    }
    await visitor.context().close();
    expect(wide).toEqual([]);
  });
});
