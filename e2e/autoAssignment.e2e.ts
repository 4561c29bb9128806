import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, login, newUserPage, signedInPage } from "./support/session";
import { adminApiSession, customerSays as phoneSays, pairedSandbox, type InboundTicket, type SandboxConnection } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page; // sets the queue's mode in the browser
let ana: Page; // the attendant of the queue
let adminToken: string; // the admin's browser session, for API checks (one session per user)
let whatsapp: SandboxConnection;
let queueId: number;
let anaId: number;
const ANA = { name: "Ana Atendente", email: "ana@example.com", password: "segredo1" };
const CARLA = { number: "5511987650031", name: "Carla Cliente" };
const DANI = { number: "5511987650032", name: "Dani Cliente" };
const POLL = { timeout: 15_000, interval: 200 };

const customerSays = (who: { number: string; name: string }, body: string): Promise<InboundTicket> => phoneSays(server, whatsapp, who, body);
const ticket = (id: number) => api<{ id: number; status: string; userId: number | null; queueId: number | null }>(server.url, "GET", `/tickets/${id}`, undefined, adminToken);
const assignedToast = (page: Page, name: string) => page.getByText(`Novo ticket atribuído a você: ${name}`);

interface Alerts {
  notifications: { title: string; body?: string; tag?: string }[];
  chimes: number;
}

/**
 * Before the app loads: a Notification the page is allowed to use, recording what it shows, and a
 * count of the alert sound's notes (the chime is made with oscillators).
 */
function recordAlerts() {
  const alerts: Alerts = { notifications: [], chimes: 0 };
  (window as unknown as { __alerts: Alerts }).__alerts = alerts;
  class RecordedNotification {
    static permission = "granted";
    static requestPermission = () => Promise.resolve("granted");
    onclick: (() => void) | null = null;
    constructor(title: string, options: { body?: string; tag?: string } = {}) {
      alerts.notifications.push({ title, body: options.body, tag: options.tag });
    }
    close() {}
  }
  Object.defineProperty(window, "Notification", { value: RecordedNotification, configurable: true, writable: true });
  const createOscillator = BaseAudioContext.prototype.createOscillator;
  BaseAudioContext.prototype.createOscillator = function (this: BaseAudioContext) {
    alerts.chimes++;
    return createOscillator.call(this);
  };
}

const alertsOf = (page: Page) => page.evaluate(() => (window as unknown as { __alerts: Alerts }).__alerts);

/** Opens the account menu and pauses or resumes automatic assignment; waits for the server and the avatar's badge. */
async function toggleAvailability(page: Page, paused: boolean) {
  await page.getByTestId("account-menu").click();
  const item = page.getByTestId("menu-availability");
  await item.getByText(paused ? "Pausar recebimento de tickets" : "Retomar recebimento de tickets").waitFor();
  const saved = page.waitForResponse((r) => r.url().endsWith("/users/me/availability") && r.request().method() === "PUT");
  await item.click();
  const response = await saved;
  expect(response.status()).toBe(200);
  expect(((await response.json()) as { paused: boolean }).paused).toBe(paused);
  await page.locator(`[data-testid="availability-badge"][data-paused="${paused}"]`).waitFor();
  await page.getByText(paused ? "Recebimento automático pausado." : "Recebimento automático retomado.").waitFor();
}

describe.skipIf(!browserAvailable)("a ticket being assigned automatically to an online attendant", () => {
  let carla: InboundTicket;
  let dani: InboundTicket;

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    const { token } = await adminApiSession(server);
    queueId = (await api<{ id: number; assignmentMode: string }>(server.url, "POST", "/queue", { name: "Vendas", color: "#1e88e5" }, token)).id;
    anaId = (await api<{ id: number }>(server.url, "POST", "/users", { ...ANA, profile: "user", queueIds: [queueId] }, token)).id;
    // the connection's only queue: every new customer waits in it
    whatsapp = await pairedSandbox(server, token, { name: "Loja", queueIds: [queueId] });

    admin = await signedInPage(browser, server, ADMIN);
    adminToken = await browserToken(admin);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("the admin turns the queue to round robin in its dialog", async () => {
    await admin.getByTestId("menu-queues").click();
    await admin.waitForURL(/\/queues$/);
    await admin.getByTestId(`queue-edit-${queueId}`).click();
    const dialog = admin.getByTestId("queue-dialog");
    await dialog.waitFor();
    expect(await admin.getByTestId("queue-assignmentMode").inputValue()).toBe("manual");
    await admin.getByTestId("queue-assignmentMode").locator("xpath=..").getByRole("combobox").click();
    await admin.getByTestId("queue-assignmentMode-roundRobin").click();
    expect(await admin.getByTestId("queue-assignmentMode").inputValue()).toBe("roundRobin");
    await dialog.getByText("Rodízio (round robin)").waitFor();

    const saved = admin.waitForResponse((r) => r.url().endsWith(`/queue/${queueId}`) && r.request().method() === "PUT");
    await admin.getByTestId("queue-save").click();
    const response = await saved;
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { assignmentMode: string }).assignmentMode).toBe("roundRobin");
    await dialog.waitFor({ state: "hidden" });
    expect((await api<{ assignmentMode: string }>(server.url, "GET", `/queue/${queueId}`, undefined, adminToken)).assignmentMode).toBe("roundRobin");
  });

  it("the attendant of the queue signs in and is online, available", async () => {
    ana = await newUserPage(browser);
    await ana.addInitScript(recordAlerts);
    await login(ana, server, ANA);
    await ana.locator('[data-testid="availability-badge"][data-paused="false"]').waitFor();
    await expect.poll(async () => (await api<{ online: boolean; paused: boolean }>(server.url, "GET", `/users/${anaId}`, undefined, adminToken)).online, POLL).toBe(true);
  });

  it("a new customer's ticket goes to her: a toast, a system notification and the sound; the toast opens it", async () => {
    carla = await customerSays(CARLA, "Olá, quero comprar um sofá");
    const toast = assignedToast(ana, CARLA.name);
    await toast.waitFor({ timeout: 15_000 });
    await toast.click();
    await ana.waitForURL(new RegExp(`/tickets/${carla.uuid}$`));
    await ana.locator(`[data-testid="ticket-view"][data-ticket-id="${carla.id}"][data-status="open"]`).waitFor();
    expect(await ticket(carla.id)).toMatchObject({ status: "open", userId: anaId, queueId });

    const alerts = await alertsOf(ana);
    expect(alerts.notifications).toEqual([{ title: `Novo ticket atribuído a você: ${CARLA.name}`, body: "Olá, quero comprar um sofá", tag: `ticket-${carla.id}` }]);
    expect(alerts.chimes).toBeGreaterThan(0);

    // her 'Atendendo' list holds it, with her name on it
    await ana.getByTestId("tickets-tab-open").click();
    await ana.getByTestId("tickets-subtab-open").click();
    const item = ana.getByTestId("tickets-list-open").getByTestId(`ticket-item-${carla.id}`);
    await item.and(ana.locator('[data-status="open"]')).waitFor();
    await item.getByText(ANA.name).waitFor();
    await item.getByText("Olá, quero comprar um sofá").waitFor();
  });

  it("paused, she gets nothing: the next customer waits; when she resumes, the ticket comes to her", async () => {
    await toggleAvailability(ana, true);
    expect((await api<{ paused: boolean; online: boolean }>(server.url, "GET", `/users/${anaId}`, undefined, adminToken)).paused).toBe(true);

    dani = await customerSays(DANI, "Bom dia, ainda tem o sofá?");
    // she sees it waiting in the queue, as anyone of the queue would
    await ana.getByTestId("tickets-subtab-pending").click();
    await ana.getByTestId("tickets-list-pending").getByTestId(`ticket-item-${dani.id}`).getByText(DANI.name).waitFor();
    // and it stays nobody's for a while (a check that can only pass wrongly, never fail wrongly)
    for (const until = Date.now() + 3_000; Date.now() < until; await new Promise((r) => setTimeout(r, 250))) {
      expect(await ticket(dani.id)).toMatchObject({ status: "pending", userId: null, queueId });
    }
    expect(await assignedToast(ana, DANI.name).count()).toBe(0);
    expect((await alertsOf(ana)).notifications).toHaveLength(1);

    await toggleAvailability(ana, false);
    const toast = assignedToast(ana, DANI.name);
    await toast.waitFor({ timeout: 15_000 });
    await toast.click();
    await ana.waitForURL(new RegExp(`/tickets/${dani.uuid}$`));
    expect(await ticket(dani.id)).toMatchObject({ status: "open", userId: anaId, queueId });
    await ana.locator(`[data-testid="ticket-view"][data-ticket-id="${dani.id}"][data-status="open"]`).waitFor();
    await expect.poll(async () => (await alertsOf(ana)).notifications.map((n) => n.tag), POLL).toEqual([`ticket-${carla.id}`, `ticket-${dani.id}`]);

    // it left the waiting list for her 'Atendendo' list, with Carla's
    await ana.getByTestId("tickets-list-pending").getByTestId(`ticket-item-${dani.id}`).waitFor({ state: "detached" });
    await ana.getByTestId("tickets-subtab-open").click();
    const list = ana.getByTestId("tickets-list-open");
    await list.getByTestId(`ticket-item-${dani.id}`).getByText(ANA.name).waitFor();
    await list.getByTestId(`ticket-item-${carla.id}`).waitFor();
  });
});
