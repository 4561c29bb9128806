import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** /helps with YouTube's thumbnails answered by `thumbnails` (abort: a machine without internet access). */
async function helpsPage(thumbnails: "offline" | "online"): Promise<Page> {
  const page = await signedInPage(browser, server, ADMIN);
  await page.route("https://img.youtube.com/**", (route) => (thumbnails === "offline" ? route.abort("internetdisconnected") : route.fulfill({ contentType: "image/png", body: PNG })));
  await page.goto(`${server.url}/helps`);
  await page.locator('[data-testid^="help-card-"]').first().waitFor();
  return page;
}

describe.skipIf(!browserAvailable)("help videos without internet access", () => {
  beforeAll(async () => ({ server, browser } = await startJourney()));
  afterAll(() => stopJourney({ server, browser }));

  it("shows a placeholder with the title where a thumbnail cannot load, and the picture where it can", async () => {
    const offline = await helpsPage("offline");
    const card = offline.locator('[data-testid^="help-card-"]').filter({ hasText: "Respostas rápidas com anexos" });
    const thumbnail = card.locator('[data-testid^="help-thumbnail-"]').first();
    await expect.poll(() => thumbnail.getAttribute("data-image")).toBe("failed");
    expect(await thumbnail.locator("img").count()).toBe(0); // no broken image with its alt text
    expect(await thumbnail.locator('[data-testid^="help-placeholder-title-"]').textContent()).toBe("Respostas rápidas com anexos");
    expect(await thumbnail.locator("svg").isVisible()).toBe(true); // the play icon
    await offline.context().close();

    const online = await helpsPage("online");
    const loaded = online.locator('[data-testid^="help-card-"]').filter({ hasText: "Respostas rápidas com anexos" }).locator('[data-testid^="help-thumbnail-"]').first();
    await expect.poll(() => loaded.getAttribute("data-image")).toBe("loaded");
    expect(await loaded.locator("img").isVisible()).toBe(true);
    await online.context().close();
  });

  it("opens a video from the keyboard and Escape closes it, back on the card", async () => {
    const page = await helpsPage("offline");
    const card = page.locator('[data-testid^="help-card-"]').filter({ hasText: "Respostas rápidas com anexos" }).getByRole("button");
    await card.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("help-video-dialog");
    await dialog.getByRole("heading", { name: "Respostas rápidas com anexos" }).waitFor();
    await page.keyboard.press("Tab"); // into the dialog: the close button or the player
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => card.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });
});
