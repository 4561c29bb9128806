import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;
let boss: Page;
let other: Page;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const OWNER = { email: "dona.padaria@example.com", password: "secret1" };
const PHONE = { width: 360, height: 740 };

/** How far the page scrolls sideways: 0 when it fits the screen. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function onPhoneScreen(page: Page, testId: string) {
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

const dotShown = async (page: Page) => !(await page.getByTestId("announcements-dot").getAttribute("class"))?.includes("MuiBadge-invisible");

describe.skipIf(!browserAvailable)("announcements", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    await api(server.url, "POST", "/companies/cadastro", {
      name: "Padaria Central",
      email: OWNER.email,
      phone: "(11) 98888-7777",
      password: OWNER.password,
      planId: 1,
      recurrence: "MENSAL",
      status: "t",
      campaignsEnabled: true,
    });
    boss = await signedInPage(browser, server, ADMIN);
    // another company's admin, on a phone
    other = await signedInPage(browser, server, OWNER, { viewport: PHONE });
  });
  afterAll(() => stopJourney({ server, browser }));

  it("another company's user may not open the page: the permission message, then /", async () => {
    await other.goto(`${server.url}/announcements`);
    await other.getByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.").first().waitFor();
    await other.waitForURL(`${server.url}/`);
    await other.getByTestId("announcements-button").waitFor();
    expect(await dotShown(other)).toBe(false);
  });

  it("the super user publishes one with a priority and an image; it reaches the other company's popover live, with its dot", async () => {
    await boss.goto(`${server.url}/announcements`);
    await boss.getByTestId("announcements-empty").waitFor();
    await boss.getByTestId("announcements-add").click();
    const dialog = boss.getByTestId("announcement-dialog");
    await boss.getByTestId("announcement-save").click();
    expect(await dialog.getByText("Obrigatório").count()).toBe(2); // title and text are required

    await boss.getByTestId("announcement-title").fill("Feriado na segunda");
    await boss.getByTestId("announcement-text").fill("O suporte atende das 9h às 13h.");
    await boss.getByTestId("announcement-priority").click();
    await boss.getByTestId("announcement-priority-option-1").click();
    await boss.getByTestId("announcement-file-input").setInputFiles({ name: "aviso feriado.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByTestId("announcement-attachment").filter({ hasText: "aviso feriado.png" }).waitFor();
    await boss.getByTestId("announcement-save").click();
    await dialog.waitFor({ state: "hidden" });

    const row = boss.locator('[data-testid^="announcement-row-"][data-title="Feriado na segunda"]');
    await row.getByText("Alta").waitFor();
    await row.locator('[data-testid^="announcement-media-"]').getByText("aviso_feriado.png").waitFor();
    await row.locator('[data-testid^="announcement-status-"]').getByText("Ativo").waitFor();

    // live, without a reload: the dot shows on the other company's phone
    await expect.poll(() => dotShown(other), { timeout: 10_000 }).toBe(true);
    await other.getByTestId("announcements-button").click();
    const popover = other.getByTestId("announcements-button-popover");
    const item = popover.locator('[data-testid^="announcement-item-"]').filter({ hasText: "Feriado na segunda" });
    await item.waitFor();
    expect(await item.getAttribute("data-priority")).toBe("1");
    expect(await item.evaluate((el) => getComputedStyle(el).borderLeftColor)).toMatch(/^rgb\(2\d\d, \d{1,2}, \d{1,2}\)$/); // red
    await item.getByText("O suporte atende das 9h às 13h.").waitFor();
    await expect.poll(() => item.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    expect(await sidewaysScroll(other)).toBe(0);
    await onPhoneScreen(other, "announcements-button-popover");

    // opened: the dot is gone, and stays gone after a reload (kept on the server)
    await expect.poll(() => dotShown(other)).toBe(false);
    await other.keyboard.press("Escape");
    await other.reload();
    await other.getByTestId("announcements-button").waitFor();
    await other.waitForTimeout(500);
    expect(await dotShown(other)).toBe(false);
  });

  it("a deleted announcement (after confirmation) leaves the other company's open popover", async () => {
    await other.getByTestId("announcements-button").click();
    const item = other.getByTestId("announcements-button-popover").locator('[data-testid^="announcement-item-"]').filter({ hasText: "Feriado na segunda" });
    await item.waitFor();

    // the page fits a phone too
    await boss.setViewportSize(PHONE);
    const row = boss.locator('[data-testid^="announcement-row-"][data-title="Feriado na segunda"]');
    await row.waitFor();
    expect(await sidewaysScroll(boss)).toBe(0);
    for (const id of ["announcements-add", "announcements-search", "account-menu"]) await onPhoneScreen(boss, id);
    const remove = row.locator('[data-testid^="announcement-delete-"]');
    const box = await remove.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await remove.click();
    await boss.getByText("Deseja realmente excluir esse registro?").waitFor();
    await boss.getByRole("button", { name: "Excluir" }).click();
    await row.waitFor({ state: "detached" });
    await boss.getByTestId("announcements-empty").waitFor();

    await item.waitFor({ state: "detached", timeout: 10_000 });
    await other.getByTestId("announcements-empty-popover").waitFor();
  });
});
