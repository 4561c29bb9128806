import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;
let superUser: Page;
let companyId: number;

const COMPANY = { name: "Padaria Jornada", email: "dono@padaria-jornada.example", password: "padaria123" };
const PLAN = "Plano Jornada";
/** The company's billing fields as the super user types them. */
const BILLING = {
  billingName: "Padaria Jornada Ltda",
  billingDocument: "12.345.678/0001-90",
  billingAddress: "Rua do Forno, 25",
  billingAddress2: "Loja 2",
  billingCity: "Campinas",
  billingState: "SP",
  billingZipcode: "13010-000",
  billingCountry: "Brasil",
};

/** A local day as YYYY-MM-DD, `days` from today. */
function dayFromToday(days: number) {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/** The same day a month later (or that month's last day). */
function monthLater(day: string) {
  const [y, m, d] = day.split("-").map(Number);
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const next = new Date(Date.UTC(y, m, Math.min(d, last)));
  return next.toISOString().slice(0, 10);
}

const ddmmyyyy = (day: string) => day.split("-").reverse().join("/");

/** Types a day into a date field the way a person does: its sections, in the page's order (DD/MM/AAAA). */
async function typeDay(page: Page, testId: string, day: string) {
  await page.getByTestId(`${testId}-field`).locator('[role="spinbutton"]').first().click();
  await page.keyboard.press("Control+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(ddmmyyyy(day).replace(/\//g, ""));
}
const responseTo = (page: Page, method: string, path: RegExp) => page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));

async function openTab(page: Page, tab: "companies" | "plans" | "helps") {
  await page.goto(`${server.url}/settings?tab=${tab}`);
  await page.getByTestId(`settings-${tab}`).waitFor();
  await page.getByTestId(`settings-${tab}-loading`).waitFor({ state: "detached" });
}

async function choose(page: Page, select: string, option: string) {
  await page.getByTestId(select).click();
  await page.getByTestId(option).click();
  await page.getByTestId(option).waitFor({ state: "detached" });
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!browserAvailable)("the super user manages companies, plans and help videos", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    superUser = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("creates a plan", async () => {
    await openTab(superUser, "plans");
    await superUser.getByTestId("plan-name").fill(PLAN);
    await superUser.getByTestId("plan-users").fill("3");
    await superUser.getByTestId("plan-connections").fill("2");
    await superUser.getByTestId("plan-queues").fill("4");
    await superUser.getByTestId("plan-value").fill("149.90");
    await choose(superUser, "plan-useKanban", "plan-useKanban-option-false");
    const saved = responseTo(superUser, "POST", /^\/plans$/);
    await superUser.getByTestId("form-save").click();
    expect((await saved).status()).toBe(201);
    const row = superUser.locator("[data-testid^='plan-row-']").filter({ hasText: PLAN });
    await row.waitFor();
    expect(await row.textContent()).toContain("R$");
    expect(await row.locator("td").nth(1).textContent()).toBe("3");
    expect(await superUser.getByTestId("plan-name").inputValue()).toBe(""); // the form is clear for the next one
  });

  it("creates a company four days past its due date, tinted red, then '+ Vencimento' moves it a month on and the tint goes", async () => {
    await openTab(superUser, "companies");
    const overdue = dayFromToday(-4);
    await superUser.getByTestId("company-name").fill(COMPANY.name);
    await superUser.getByTestId("company-email").fill(COMPANY.email);
    await superUser.getByTestId("company-phone").fill("(11) 98888-7777");
    await superUser.getByTestId("company-planId").click();
    await superUser.locator("[data-testid^='company-planId-option-']").filter({ hasText: PLAN }).click();
    await typeDay(superUser, "company-dueDate", overdue);
    await superUser.getByTestId("company-password").fill(COMPANY.password);
    const created = responseTo(superUser, "POST", /^\/companies$/);
    await superUser.getByTestId("form-save").click();
    const response = await created;
    expect(response.status()).toBe(201);
    companyId = ((await response.json()) as { id: number }).id;

    const row = superUser.getByTestId(`company-row-${companyId}`);
    await row.waitFor();
    expect(await row.getAttribute("data-tint")).toBe("red");
    expect(await superUser.getByTestId(`company-due-${companyId}`).textContent()).toBe(ddmmyyyy(overdue));
    expect(await row.textContent()).toContain(PLAN);

    await superUser.getByTestId(`company-edit-${companyId}`).click();
    await expect.poll(() => superUser.getByTestId("company-dueDate").inputValue()).toBe(ddmmyyyy(overdue));
    expect(await superUser.getByTestId("company-password").count()).toBe(0); // asked on creation only
    await superUser.getByTestId("company-advance").click();
    const advanced = monthLater(overdue);
    expect(await superUser.getByTestId("company-dueDate").inputValue()).toBe(ddmmyyyy(advanced));
    expect(await row.getAttribute("data-tint")).toBe("red"); // nothing saved yet

    const updated = responseTo(superUser, "PUT", new RegExp(`^/companies/${companyId}$`));
    await superUser.getByTestId("form-save").click();
    expect((await updated).status()).toBe(200);
    await expect.poll(() => superUser.getByTestId(`company-due-${companyId}`).textContent()).toBe(ddmmyyyy(advanced));
    expect(await row.getAttribute("data-tint")).toBe("none");
  });

  it("keeps the company's billing name and address, and its admin's checkout starts from them", async () => {
    await openTab(superUser, "companies");
    await superUser.getByTestId(`company-edit-${companyId}`).click();
    await expect.poll(() => superUser.getByTestId("company-name").inputValue()).toBe(COMPANY.name);
    await superUser.getByTestId("company-billing-title").getByText("Dados de cobrança").waitFor();
    for (const [field, value] of Object.entries(BILLING)) await superUser.getByTestId(`company-${field}`).fill(value);
    // due in five days: the company's next invoice is made, and the row turns yellow
    const dueSoon = dayFromToday(5);
    await typeDay(superUser, "company-dueDate", dueSoon);
    const updated = responseTo(superUser, "PUT", new RegExp(`^/companies/${companyId}$`));
    await superUser.getByTestId("form-save").click();
    const response = await updated;
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ ...BILLING, billingDocument: "12345678000190" });
    await expect.poll(() => superUser.getByTestId(`company-row-${companyId}`).getAttribute("data-tint")).toBe("yellow");
    expect(await superUser.getByTestId("company-billingName").inputValue()).toBe(""); // the form is clear again

    // a fresh page shows what was saved
    await openTab(superUser, "companies");
    await superUser.getByTestId(`company-edit-${companyId}`).click();
    await expect.poll(() => superUser.getByTestId("company-billingName").inputValue()).toBe(BILLING.billingName);
    expect(await superUser.getByTestId("company-billingDocument").inputValue()).toBe("12345678000190");
    for (const field of ["billingAddress", "billingAddress2", "billingCity", "billingState", "billingZipcode", "billingCountry"] as const) {
      expect(await superUser.getByTestId(`company-${field}`).inputValue(), field).toBe(BILLING[field]);
    }
    await superUser.getByTestId("form-clear").click();

    const owner = await signedInPage(browser, server, COMPANY);
    await owner.goto(`${server.url}/subscription`);
    await owner.getByTestId("subscribe-now").click();
    await owner.getByTestId("checkout-firstName").waitFor();
    const shown = async (field: string) => owner.getByTestId(`checkout-${field}`).inputValue();
    expect(await shown("firstName")).toBe(BILLING.billingName);
    expect(await shown("lastName")).toBe("");
    expect(await shown("address2")).toBe(BILLING.billingAddress);
    expect(await shown("complement")).toBe(BILLING.billingAddress2);
    expect(await shown("city")).toBe(BILLING.billingCity);
    expect(await shown("state")).toBe(BILLING.billingState);
    expect(await shown("zipcode")).toBe(BILLING.billingZipcode);
    expect(await shown("country")).toBe(BILLING.billingCountry);
    await owner.getByTestId("checkout-next").click();
    expect(await shown("taxId")).toBe("12345678000190");
    expect(await shown("email")).toBe(COMPANY.email);
    await owner.getByTestId("checkout-next").click();
    expect(await owner.getByTestId("checkout-review").textContent()).toContain("Rua do Forno, 25, Loja 2, Campinas, SP, 13010-000, Brasil");
    await owner.context().close();
  });

  it("edits a help video and deletes it after confirming", async () => {
    await openTab(superUser, "helps");
    const first = superUser.locator("[data-testid^='help-row-']").first();
    const id = (await first.getAttribute("data-testid"))!.replace("help-row-", "");
    await superUser.getByTestId(`help-edit-${id}`).click();
    await expect.poll(() => superUser.getByTestId("help-title").inputValue()).not.toBe("");
    await superUser.getByTestId("help-title").fill("Como atender pelo Balcão");
    await superUser.getByTestId("help-video").fill("https://www.youtube.com/watch?v=abcDEF12345");
    const saved = responseTo(superUser, "PUT", new RegExp(`^/helps/${id}$`));
    await superUser.getByTestId("form-save").click();
    expect((await saved).status()).toBe(200);
    const row = superUser.getByTestId(`help-row-${id}`);
    await expect.poll(() => row.locator("td").first().textContent()).toBe("Como atender pelo Balcão");
    expect(await row.locator("td").nth(1).textContent()).toBe("abcDEF12345"); // the address reduced to its code

    await superUser.getByTestId(`help-delete-${id}`).click();
    const deleted = responseTo(superUser, "DELETE", new RegExp(`^/helps/${id}$`));
    await superUser.getByTestId("confirm-ok").click();
    expect((await deleted).status()).toBe(200);
    await row.waitFor({ state: "detached" });
  });

  it("fits the three tabs in a 360 px phone (the tables scroll inside their box)", async () => {
    await superUser.setViewportSize({ width: 360, height: 740 });
    for (const tab of ["companies", "plans", "helps"] as const) {
      await openTab(superUser, tab);
      await superUser.locator("tbody tr").first().waitFor();
      expect(await horizontalOverflow(superUser), tab).toBe(0);
      const form = await superUser.getByTestId("form-save").boundingBox();
      expect(form!.x + form!.width, tab).toBeLessThanOrEqual(360);
    }
    // the company form's billing fields, one under the other, each inside the screen
    await openTab(superUser, "companies");
    for (const field of Object.keys(BILLING)) {
      const box = await superUser.getByTestId(`company-${field}`).boundingBox();
      expect(box!.x, field).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, field).toBeLessThanOrEqual(360);
      expect(box!.width, field).toBeGreaterThan(100);
    }
    await superUser.setViewportSize({ width: 1366, height: 900 });
  });

  it("tells anyone else that the tab is not theirs and takes them to / after a second", async () => {
    const owner = await signedInPage(browser, server, COMPANY);
    // timed in the page: when the message appears and when the app moves to /
    await owner.addInitScript(() => {
      const times: Record<string, number> = {};
      (window as unknown as { permissionTimes: Record<string, number> }).permissionTimes = times;
      new MutationObserver(() => {
        if (!times.shown && document.querySelector("[data-testid='permission-denied']")) times.shown = performance.now();
      }).observe(document, { childList: true, subtree: true });
      const replace = history.replaceState.bind(history);
      history.replaceState = (...args: Parameters<History["replaceState"]>) => {
        if (times.shown && !times.left && args[2] !== undefined && new URL(String(args[2]), location.href).pathname === "/") times.left = performance.now();
        replace(...args);
      };
    });
    await owner.goto(`${server.url}/settings?tab=companies`);
    await owner.getByTestId("permission-denied").waitFor();
    expect(await owner.getByTestId("permission-denied").textContent()).toBe("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.");
    expect(await owner.getByTestId("settings-companies").count()).toBe(0);
    await owner.waitForURL(`${server.url}/`, { timeout: 5_000 });
    const times = await owner.evaluate(() => (window as unknown as { permissionTimes: Record<string, number> }).permissionTimes);
    // about a second: the observer may see the message a little after the timer started on a busy page
    expect(times.left - times.shown).toBeGreaterThanOrEqual(600);
    expect(times.left - times.shown).toBeLessThan(3_000);
    await owner.context().close();
  });

  it("deletes the company only once its name is typed", async () => {
    await openTab(superUser, "companies");
    await superUser.getByTestId(`company-delete-${companyId}`).click();
    const ok = superUser.getByTestId("delete-company-ok");
    expect(await ok.isDisabled()).toBe(true);
    await superUser.getByTestId("delete-company-typed").fill("Padaria");
    expect(await ok.isDisabled()).toBe(true);
    await superUser.getByTestId("delete-company-typed").fill(COMPANY.name);
    const deleted = responseTo(superUser, "DELETE", new RegExp(`^/companies/${companyId}$`));
    await ok.click();
    expect((await deleted).status()).toBe(202);
    await superUser.getByTestId(`company-row-${companyId}`).waitFor({ state: "detached" });
    expect(await superUser.getByTestId("company-delete-1").count()).toBe(0); // the platform's own company is never offered
  });
});
