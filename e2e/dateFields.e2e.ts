import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;
let admin: Page;

/** The text a date field shows: its sections, or their placeholders once focused and empty. */
const shown = (field: Locator) => field.locator(".MuiPickersSectionList-root").textContent();

async function clearAndType(field: Locator, digits: string) {
  await field.locator('[role="spinbutton"]').first().click();
  await admin.keyboard.press("Control+a");
  await admin.keyboard.press("Backspace");
  const placeholder = await shown(field);
  await admin.keyboard.type(digits);
  return placeholder;
}

async function chooseLanguage(language: "pt" | "en") {
  await admin.getByTestId("language-select").click();
  await admin.getByTestId(`language-option-${language}`).click();
}

describe.skipIf(!browserAvailable)("dates in the reader's language", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    admin = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("types and shows the dashboard's dates as DD/MM/AAAA in Portuguese and MM/DD/YYYY in English, sending yyyy-MM-dd", async () => {
    await admin.goto(`${server.url}/`);
    const from = admin.getByTestId("dashboard-date-from-field");
    await from.waitFor();

    expect(await clearAndType(from, "23112026")).toBe("DD/MM/AAAA");
    expect(await admin.getByTestId("dashboard-date-from").inputValue()).toBe("23/11/2026");
    expect(await admin.getByTestId("greeting-due-date").textContent()).toContain("31/12/2099");

    const filtered = admin.waitForRequest((r) => r.url().includes("/dashboard?"));
    await admin.getByTestId("dashboard-apply").click();
    expect(new URL((await filtered).url()).searchParams.get("date_from")).toBe("2026-11-23");

    await chooseLanguage("en");
    await expect.poll(() => admin.getByTestId("dashboard-date-from").inputValue()).toBe("11/23/2026");
    expect(await clearAndType(from, "11242026")).toBe("MM/DD/YYYY");
    expect(await admin.getByTestId("dashboard-date-from").inputValue()).toBe("11/24/2026");
    expect(await admin.getByTestId("greeting-due-date").textContent()).toContain("12/31/2099");

    const again = admin.waitForRequest((r) => r.url().includes("/dashboard?"));
    await admin.getByTestId("dashboard-apply").click();
    expect(new URL((await again).url()).searchParams.get("date_from")).toBe("2026-11-24");
    await chooseLanguage("pt");
  });

  it("offers a date and time in the language's clock on the schedule form", async () => {
    await admin.goto(`${server.url}/schedules`);
    await admin.getByTestId("schedules-add").click();
    const field = admin.getByTestId("schedule-send-at-field");
    await field.waitFor();
    expect(await clearAndType(field, "")).toBe("DD/MM/AAAA hh:mm");
    await admin.keyboard.press("Escape");

    await chooseLanguage("en");
    await admin.getByTestId("schedules-add").click();
    await field.waitFor();
    expect(await clearAndType(field, "")).toBe("MM/DD/YYYY hh:mm aa");
    await admin.keyboard.press("Escape");
    await chooseLanguage("pt");
  });
});
