import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";
import { adminApiSession } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let attendantId: number;

const responseTo = (page: Page, method: string, path: RegExp) => page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));
const rows = (page: Page) => page.getByTestId("audit-logs-list").locator("[data-testid^='audit-row-']");
const actionsShown = (page: Page) => rows(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-action")));

/** Picks an option of one of the page's selects and waits for the list it asks for. */
async function pick(page: Page, select: string, option: string) {
  await page.getByTestId(select).click();
  const listed = page.waitForResponse((r) => new URL(r.url()).pathname === "/audit-logs" && r.status() === 200);
  await page.getByTestId(option).click();
  await listed;
}

describe.skipIf(!browserAvailable)("an admin reads the audit log", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // setup through the API first: the browser login of the admin closes this session
    const session = await adminApiSession(server);
    const created = await api<{ id: number }>(server.url, "POST", "/users", { name: "Bruna Lima", email: "bruna.audit@example.com", password: "bruna123", profile: "user", queueIds: [] }, session.token);
    attendantId = created.id;
    admin = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("changes a user, then finds who changed what, when and from where", async () => {
    await admin.getByTestId("menu-users").click();
    await admin.getByTestId(`user-edit-${attendantId}`).click();
    await expect.poll(() => admin.getByTestId("user-name").inputValue()).toBe("Bruna Lima");
    await admin.getByTestId("user-name").fill("Bruna Souza");
    const saved = responseTo(admin, "PUT", new RegExp(`^/users/${attendantId}$`));
    await admin.getByTestId("user-save").click();
    expect((await saved).status()).toBe(200);
    await admin.getByTestId("user-modal").waitFor({ state: "hidden" });

    await admin.getByTestId("menu-audit-logs").click();
    await admin.waitForURL(/\/audit-logs$/);
    await admin.getByTestId("page-title").getByText("Auditoria").waitFor();
    const change = admin.locator("[data-testid^='audit-row-'][data-action='user.updated']").first();
    await change.waitFor();
    const id = (await change.getAttribute("data-testid"))!.replace("audit-row-", "");
    expect(await admin.getByTestId(`audit-action-${id}`).textContent()).toBe("Usuário alterado");
    expect(await admin.getByTestId(`audit-user-${id}`).textContent()).toBe("Admin");
    expect(await admin.getByTestId(`audit-record-${id}`).textContent()).toBe(`Usuário #${attendantId}`);
    expect(await admin.getByTestId(`audit-details-${id}`).textContent()).toContain("Bruna Souza");
    expect(await admin.getByTestId(`audit-details-${id}`).textContent()).toContain("name");
    expect(await admin.getByTestId(`audit-ip-${id}`).textContent()).toMatch(/127\.0\.0\.1|::1/);
    // the platform's super user also sees whose company it was
    expect(await admin.getByTestId(`audit-company-${id}`).textContent()).toBeTruthy();
  });

  it("filters by a whole family of actions, by one action and by text", async () => {
    await pick(admin, "audit-filter-action", "audit-filter-action-auth.");
    await expect.poll(async () => (await actionsShown(admin)).length).toBeGreaterThan(0);
    expect((await actionsShown(admin)).every((a) => a?.startsWith("auth."))).toBe(true);
    expect(await actionsShown(admin)).toContain("auth.signedIn");

    await pick(admin, "audit-filter-action", "audit-filter-action-user.updated");
    await expect.poll(() => actionsShown(admin)).toEqual(["user.updated"]);

    await admin.getByTestId("audit-search").fill("nobody-by-this-name");
    await admin.getByTestId("audit-logs-list-empty").waitFor();
    await admin.getByTestId("audit-search").fill("bruna souza");
    await expect.poll(() => actionsShown(admin)).toEqual(["user.updated"]);

    await admin.getByTestId("audit-search").fill("");
    await admin.getByTestId("audit-filter-clear").click();
    await expect.poll(async () => new Set(await actionsShown(admin)).size).toBeGreaterThan(1);
  });

  it("fits a 360 px phone", async () => {
    await admin.setViewportSize({ width: 360, height: 740 });
    await admin.reload({ waitUntil: "networkidle" });
    await rows(admin).first().waitFor();
    expect(await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const box = await rows(admin).first().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
  });
});
