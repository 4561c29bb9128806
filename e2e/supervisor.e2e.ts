import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";
import { adminApiSession, pairedSandbox } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let sales: { id: number; name: string };
let billing: { id: number; name: string };
let ticketId: number;
let tagId: number;
const SUPERVISOR = { name: "Sara Supervisora", email: "sara.supervisora@example.com", password: "sara1234" };
const SECOND = { name: "Otávio Supervisor", email: "otavio.supervisor@example.com", password: "otavio1234" };

const responseTo = (page: Page, method: string, path: RegExp) => page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));

describe.skipIf(!browserAvailable)("a supervisor oversees every queue without touching the setup", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // setup through the API first: the browser login of the admin closes this session
    const { token } = await adminApiSession(server);
    sales = await api(server.url, "POST", "/queue", { name: "Vendas", color: "#1976D2" }, token);
    billing = await api(server.url, "POST", "/queue", { name: "Financeiro", color: "#7B1FA2" }, token);
    await pairedSandbox(server, token);
    const contact = await api(server.url, "POST", "/contacts", { name: "Carla Cobrança", number: "5511966660001" }, token);
    ticketId = (await api(server.url, "POST", "/tickets", { contactId: contact.id, queueId: billing.id, status: "open" }, token)).id;
    tagId = (await api(server.url, "POST", "/tags", { name: "Prioridade", color: "#455A64", kanban: 0 }, token)).id;
    await api(server.url, "POST", "/users", { ...SUPERVISOR, profile: "supervisor", queueIds: [sales.id] }, token);
    admin = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("shows the supervisor the dashboard and the service, not connections, users or settings", async () => {
    const supervisor = await signedInPage(browser, server, SUPERVISOR);
    const menu = supervisor.getByTestId("side-menu");
    await menu.getByTestId("menu-tickets").waitFor();
    await menu.getByTestId("menu-dashboard").waitFor();
    await menu.getByTestId("menu-tags").waitFor();
    for (const item of ["menu-connections", "menu-users", "menu-settings", "menu-queues", "menu-audit-logs", "menu-financeiro"]) expect(await menu.getByTestId(item).count()).toBe(0);
    // typed addresses of the admin's pages land on the tickets
    await supervisor.goto(`${server.url}/connections`);
    await supervisor.waitForURL(/\/tickets$/);

    // a ticket of a queue the supervisor is not in: show all, then the queue in the filter
    await supervisor.getByTestId("menu-tickets").click();
    const showAll = supervisor.getByTestId("tickets-showall");
    await showAll.waitFor();
    expect(await showAll.isChecked()).toBe(true);
    await supervisor.getByTestId("tickets-queue-select").click();
    await supervisor.getByTestId(`tickets-queue-option-${billing.id}`).click();
    await supervisor.keyboard.press("Escape");
    const item = supervisor.getByTestId(`ticket-item-${ticketId}`);
    await item.waitFor({ timeout: 10_000 });
    expect(await supervisor.getByTestId(`ticket-name-${ticketId}`).textContent()).toBe("Carla Cobrança");

    // and the tag's kanban switch is the supervisor's to turn on
    await supervisor.getByTestId("menu-tags").click();
    await supervisor.waitForURL(/\/tags$/);
    await supervisor.getByTestId(`tag-edit-${tagId}`).click();
    const dialog = supervisor.getByTestId("tag-dialog");
    await dialog.waitFor();
    await supervisor.getByTestId("tag-kanban").check();
    const updated = responseTo(supervisor, "PUT", new RegExp(`^/tags/${tagId}$`));
    await supervisor.getByTestId("tag-save").click();
    const response = await updated;
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { kanban: number }).kanban).toBe(1);
    await dialog.waitFor({ state: "hidden" });
    await supervisor.getByTestId(`tag-kanban-${tagId}`).waitFor();
    await supervisor.context().close();
  });

  it("lets an admin create another supervisor from the users page", async () => {
    await admin.getByTestId("menu-users").click();
    await admin.waitForURL(/\/users$/);
    await admin.getByTestId("users-add").click();
    const modal = admin.getByTestId("user-modal");
    await modal.waitFor();
    await admin.getByTestId("user-name").fill(SECOND.name);
    await admin.getByTestId("user-email").fill(SECOND.email);
    await admin.getByTestId("user-password").fill(SECOND.password);
    await admin.getByTestId("user-profile").locator("xpath=..").getByRole("combobox").click();
    await admin.getByRole("option", { name: "Supervisor", exact: true }).click();
    await modal.getByRole("combobox", { name: "Filas" }).click();
    await admin.getByRole("option", { name: sales.name, exact: true }).click();
    await admin.keyboard.press("Escape");
    const created = responseTo(admin, "POST", /^\/users$/);
    await admin.getByTestId("user-save").click();
    const response = await created;
    expect(response.status()).toBe(201);
    const user = (await response.json()) as { id: number; profile: string; queues: { id: number }[] };
    expect(user.profile).toBe("supervisor");
    expect(user.queues.map((q) => q.id)).toEqual([sales.id]);
    await modal.waitFor({ state: "hidden" });
    await expect.poll(() => admin.getByTestId(`user-profile-${user.id}`).textContent()).toBe("Supervisor");
  });
});
