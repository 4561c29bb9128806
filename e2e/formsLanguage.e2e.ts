import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { login } from "./support/session";

let server: RunningServer;
let browser: Browser;

const TEXTS = {
  pt: { required: "Obrigatório", tooShort: "Muito curto!" },
  en: { required: "Required", tooShort: "Too Short!" },
} as const;

/** The error texts under the fields of a form, top to bottom. */
const fieldErrors = (scope: Locator) => scope.locator(".MuiFormHelperText-root.Mui-error").allTextContents();

async function chooseLanguage(page: Page, language: "pt" | "en") {
  await page.getByTestId("language-select").first().click();
  await page.getByTestId(`language-option-${language}`).click();
}

async function newPage(language: "pt" | "en"): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await page.goto(`${server.url}/login`);
  if (language !== "pt") await chooseLanguage(page, language);
  return page;
}

describe.skipIf(!browserAvailable)("validation messages speak the page's language", () => {
  beforeAll(async () => ({ server, browser } = await startJourney()));
  afterAll(() => stopJourney({ server, browser }));

  it.each(["pt", "en"] as const)("%s: empty submits on login, users and queues", async (language) => {
    const text = TEXTS[language];
    const page = await newPage(language);

    await page.getByTestId("login-submit").click();
    await expect.poll(() => fieldErrors(page.getByTestId("login-form"))).toEqual([text.required, text.required]);

    await login(page, server, ADMIN);
    await page.goto(`${server.url}/users`);
    await page.getByTestId("users-add").click();
    const userModal = page.getByTestId("user-modal");
    await page.getByTestId("user-save").click();
    await expect.poll(() => fieldErrors(userModal)).toEqual([text.required, text.required, text.required]);
    await page.getByTestId("user-name").fill("A");
    await page.getByTestId("user-save").click();
    await expect.poll(() => fieldErrors(userModal)).toEqual([text.tooShort, text.required, text.required]);
    await page.keyboard.press("Escape");
    await userModal.waitFor({ state: "hidden" });

    await page.goto(`${server.url}/queues`);
    await page.getByTestId("queues-add").click();
    const queueDialog = page.getByTestId("queue-dialog");
    await page.getByTestId("queue-save").click();
    await expect.poll(async () => (await fieldErrors(queueDialog))[0]).toBe(text.required);
    expect(await queueDialog.textContent()).not.toContain(language === "pt" ? TEXTS.en.required : TEXTS.pt.required);
    await page.context().close();
  });
});
