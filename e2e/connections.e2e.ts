import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;
let admin: Page;

describe.skipIf(!browserAvailable)("an admin connects a sandbox WhatsApp from the connections screen", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    admin = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("creates the connection, shows its QR code and sees it turn CONNECTED when the phone opens the link", async () => {
    await admin.getByTestId("menu-connections").click();
    await admin.waitForURL(/\/connections$/);
    await admin.getByTestId("connections-page").waitFor();

    await admin.getByTestId("connections-add").click();
    const dialog = admin.getByTestId("connection-dialog");
    await dialog.waitFor();
    await admin.getByTestId("connection-name").fill("Loja Centro");
    await admin.getByTestId("connection-greeting").fill("Olá! Como podemos ajudar?");
    const created = admin.waitForResponse((r) => r.url().endsWith("/whatsapp") && r.request().method() === "POST");
    await admin.getByTestId("connection-save").click();
    const { id } = (await (await created).json()) as { id: number };
    await dialog.waitFor({ state: "hidden" });

    const status = admin.getByTestId(`connection-status-${id}`);
    await admin
      .locator(`[data-testid="connection-status-${id}"][data-status="qrcode"]`)
      .waitFor()
      .catch(async (err) => {
        await admin.screenshot({ path: "/tmp/e2e-connections-failure.png" });
        throw err;
      });
    await expect.poll(() => admin.getByTestId(`connection-row-${id}`).textContent()).toContain("Loja Centro");

    await admin.getByTestId(`connection-qr-${id}`).click();
    await admin.getByTestId("qr-dialog").waitFor();
    const link = await admin.getByTestId("qr-code").getAttribute("data-value");
    expect(link).toMatch(new RegExp(`^${server.url}/sandbox/pair/${id}/`));

    // "the phone" scans the code: another browser, not signed in, opens the QR's link
    const phone = await (await browser.newContext()).newPage();
    await phone.goto(link!);
    await phone.getByTestId("sandbox-pair-connected").waitFor();

    await admin.locator(`[data-testid="connection-status-${id}"][data-status="CONNECTED"]`).waitFor();
    await admin.getByTestId("qr-dialog").waitFor({ state: "hidden" });
    await admin.getByTestId(`connection-disconnect-${id}`).waitFor();
    expect(await status.getAttribute("data-status")).toBe("CONNECTED");
  });

  it("disconnects, retries with a new QR code and deletes after confirming", async () => {
    const row = admin.locator('[data-testid^="connection-row-"]').first();
    const id = Number((await row.getAttribute("data-testid"))!.replace("connection-row-", ""));
    await admin.getByTestId(`connection-disconnect-${id}`).click();
    await admin.locator(`[data-testid="connection-status-${id}"][data-status="DISCONNECTED"]`).waitFor();
    await admin.getByTestId(`connection-newqr-${id}`).click();
    await admin
      .locator(`[data-testid="connection-status-${id}"][data-status="qrcode"]`)
      .waitFor()
      .catch(async (err) => {
        await admin.screenshot({ path: "/tmp/e2e-connections-failure.png" });
        throw err;
      });

    await admin.getByTestId(`connection-delete-${id}`).click();
    await admin.getByTestId("confirm-dialog").getByText("Deseja realmente excluir esse registro?").waitFor();
    await admin.getByTestId("confirm-ok").click();
    await admin.getByTestId(`connection-row-${id}`).waitFor({ state: "detached" });
  });
});
