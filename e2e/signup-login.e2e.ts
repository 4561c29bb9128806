import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { login } from "./support/session";
import { fillSignupForm, submitSignup } from "./support/signup";

let server: RunningServer;
let browser: Browser;

describe.skipIf(!browserAvailable)("a new company signs up and its admin finds the workspace", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
  });
  afterAll(() => stopJourney({ server, browser }));

  const company = `Padaria ${Date.now().toString(36)}`;
  const owner = "Joana Padeira";
  const email = `dono.${Date.now().toString(36)}@example.com`;
  const password = "segredo1";
  let page: Page;
  const cspViolations: string[] = [];

  it("sends a logged-out visitor from a private page to /login", async () => {
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    await page.goto(`${server.url}/tickets`);
    await page.waitForURL(/\/login$/);
    await page.getByTestId("login-email").waitFor();
  });

  it("shows the sign-up rules and then signs up a company", async () => {
    await page.getByTestId("login-signup-link").click();
    await page.waitForURL(/\/signup/);
    await page.getByTestId("signup-submit").click();
    await page.getByText("Obrigatório").first().waitFor();

    await fillSignupForm(page, { name: company, userName: owner, email, phone: "11988887777", password, planId: 1 });
    expect(await page.getByTestId("signup-phone").inputValue()).toBe("(11) 98888-7777");
    await submitSignup(page);
  });

  it("refuses a wrong password with the catalogue's text", async () => {
    await page.getByTestId("login-email").fill(email);
    await page.getByTestId("login-password").fill("wrong-pass");
    await page.getByTestId("login-submit").click();
    await page
      .getByText(/Erro de autenticação/i)
      .first()
      .waitFor();
  });

  it("logs in, lands on /tickets, greets the admin with the trial's end date and shows the admin menu", async () => {
    await page.getByTestId("login-password").fill(password);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/tickets$/);
    const greeting = await page.getByTestId("greeting").innerText();
    // the first admin is the person who signed up, not the company
    expect(greeting).toContain(`Olá ${owner}, Bem vindo a ${company}!`);
    const due = new Date(Date.now() + 3 * 86_400_000);
    const ddmmyyyy = `${String(due.getDate()).padStart(2, "0")}/${String(due.getMonth() + 1).padStart(2, "0")}/${due.getFullYear()}`;
    expect(greeting).toContain(`(Ativo até ${ddmmyyyy})`);
    await page
      .getByText(/Sua assinatura vence em \d+ dia/)
      .first()
      .waitFor();

    await page.getByTestId("menu-kanban").waitFor(); // plan flags arrive after the session
    for (const item of [
      "dashboard",
      "tickets",
      "quick-messages",
      "kanban",
      "todolist",
      "contacts",
      "schedules",
      "tags",
      "chats",
      "helps",
      "campaigns",
      "contact-lists",
      "campaigns-config",
      "prompts",
      "queue-integration",
      "connections",
      "files",
      "queues",
      "users",
      "messages-api",
      "financeiro",
      "settings",
    ]) {
      expect(await page.getByTestId(`menu-${item}`).count(), `menu-${item}`).toBe(1);
    }
    expect(await page.getByTestId("menu-announcements").count()).toBe(0); // super users only
    await page.getByText("6.0.0").first().waitFor();
  });

  it("opens a page that is not built yet as a proper page, and saves a setting", async () => {
    await page.getByTestId("menu-settings").click();
    await page.waitForURL(/\/settings$/);
    await page.getByText("Avaliações").first().waitFor();
  });

  it("switches the language to English and back, and the theme to dark", async () => {
    await page.getByTestId("language-select").click();
    await page.getByTestId("language-option-en").click();
    await page
      .getByText(/Hello|Welcome/)
      .first()
      .waitFor();
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.getByTestId("theme-toggle").click();
    await page.waitForFunction((prev) => getComputedStyle(document.body).backgroundColor !== prev, before);
    await page.reload();
    await page
      .getByText(/Hello|Welcome/)
      .first()
      .waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(before);
    await page.getByTestId("language-select").click();
    await page.getByTestId("language-option-pt").click();
    await page.getByText(/Olá/).first().waitFor();
  });

  it("keeps the volume and the page reload within reach on a phone, in the account menu", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.getByTestId("volume-button").waitFor({ state: "hidden" });
      await page.getByTestId("account-menu").click();
      await page.getByTestId("menu-refresh").waitFor({ state: "visible" });
      const slider = page.getByTestId("menu-volume-slider").locator('input[type="range"]');
      expect(await slider.inputValue()).toBe("1");
      await slider.focus();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => page.evaluate(() => localStorage.getItem("volume"))).toBe("0.8");
      await page.keyboard.press("Escape");
      await page.getByTestId("menu-refresh").waitFor({ state: "hidden" });
    } finally {
      await page.setViewportSize({ width: 1366, height: 900 });
    }
    // on a wide screen the menu keeps to the account; the top bar's volume shows the same value
    await page.getByTestId("volume-button").click();
    expect(await page.getByTestId("volume-slider").locator('input[type="range"]').inputValue()).toBe("0.8");
    await page.keyboard.press("Escape");
    await page.getByTestId("account-menu").click();
    await page.getByTestId("menu-profile").waitFor();
    expect(await page.getByTestId("menu-refresh").isVisible()).toBe(false);
    await page.keyboard.press("Escape");
    await page.getByTestId("menu-profile").waitFor({ state: "hidden" });
  });

  it("logs out to /login, and a private page stays closed", async () => {
    await page.getByTestId("account-menu").click();
    await page.getByTestId("menu-logout").click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${server.url}/settings`);
    await page.waitForURL(/\/login$/);
  });

  it("ran every step under the server's Content-Security-Policy without a violation", () => {
    expect(cspViolations).toEqual([]);
  });
});

describe.skipIf(!browserAvailable)("one signed-in browser per user", () => {
  let srv: RunningServer;
  let chrome: Browser;
  beforeAll(async () => {
    ({ server: srv, browser: chrome } = await startJourney());
  });
  afterAll(() => stopJourney({ server: srv, browser: chrome }));

  it("signs the first browser out when the same user logs in on another computer", async () => {
    const first = await (await chrome.newContext()).newPage();
    const second = await (await chrome.newContext()).newPage();
    await login(first, srv, ADMIN);
    await first.getByTestId("greeting").waitFor();
    await first.getByTestId("menu-kanban").waitFor();
    await first.waitForTimeout(1_500); // its socket joins its rooms
    await first.screenshot({ path: "/tmp/balcao-shell.png" }).catch(() => undefined);
    await login(second, srv, ADMIN);
    await first.getByText("Sua conta foi acessada em outro computador.").waitFor();
    await first.waitForURL(/\/login$/);
    await second.getByTestId("greeting").waitFor();
    expect(second.url()).toMatch(/\/tickets$/);
  });
});
