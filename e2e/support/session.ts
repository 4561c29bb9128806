import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import type { RunningServer } from "./server";

export interface Credentials {
  email: string;
  password: string;
}

/** The window size the journeys use for a desktop user. */
const DESKTOP = { width: 1366, height: 900 };

/** Signs in through the login form and waits for the landing page, /tickets. */
export async function login(page: Page, server: RunningServer, who: Credentials) {
  await page.goto(`${server.url}/login`);
  await submitLogin(page, who);
}

/** Fills and submits the login form the page already shows, and waits for the landing page, /tickets. */
export async function submitLogin(page: Page, { email, password }: Credentials) {
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await page.waitForURL(/\/tickets$/);
}

/** A page in a browser context of its own (one user's storage), desktop-sized unless told. */
export async function newUserPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  return (await browser.newContext({ viewport: DESKTOP, ...options })).newPage();
}

/** A page in a browser context of its own (one user's storage), desktop-sized unless told, signed in as `who`. */
export async function signedInPage(browser: Browser, server: RunningServer, who: Credentials, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await newUserPage(browser, options);
  await login(page, server, who);
  return page;
}

/** The session token the signed-in page keeps (one session per user: a journey's API calls reuse it). */
export async function browserToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem("token")))?.replace(/^"|"$/g, "") ?? "";
}
