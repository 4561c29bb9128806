import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import * as OTPAuth from "otpauth";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import type { RunningServer } from "./support/server";
import { api } from "./support/api";
import { browserToken, login, newUserPage } from "./support/session";

let server: RunningServer;
let browser: Browser;

const codeFor = (secret: string, offsetSeconds = 0) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

describe.skipIf(!browserAvailable)("two-factor sign-in with an authenticator app", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
  });
  afterAll(async () => stopJourney({ server, browser }));

  it("scans the key, keeps the recovery codes, signs out and back in with password then code", async () => {
    const email = `duas.etapas.${Date.now().toString(36)}@example.com`;
    const password = "segredo1";
    await api(server.url, "POST", "/companies/cadastro", { name: `Loja ${Date.now().toString(36)}`, email, phone: "(11) 99999-8888", password, planId: 1, recurrence: "MENSAL", status: "t", campaignsEnabled: true });
    const page = await newUserPage(browser);
    await login(page, server, { email, password });

    await page.getByTestId("account-menu").click();
    await page.getByTestId("menu-two-factor").click();
    await page.getByTestId("twofactor-enable").click();
    await page.getByTestId("twofactor-qr").locator("svg").waitFor();
    const secret = (await page.getByTestId("twofactor-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    await page.getByTestId("twofactor-code").fill(codeFor(secret));
    await page.getByTestId("twofactor-confirm").click();
    const codes = (await page.getByTestId("twofactor-recovery-codes").textContent())!.trim().split(/\s+/);
    expect(codes).toHaveLength(10);
    await page.getByTestId("twofactor-close").click();

    await page.getByTestId("account-menu").click();
    await page.getByTestId("menu-two-factor").click();
    await page.getByTestId("twofactor-enabled").waitFor();
    await page.getByTestId("twofactor-close").click();

    await page.getByTestId("account-menu").click();
    await page.getByTestId("menu-logout").click();
    await page.waitForURL(/\/login$/);

    await page.getByTestId("login-email").fill(email);
    await page.getByTestId("login-password").fill(password);
    await page.getByTestId("login-submit").click();
    await page.getByTestId("twofactor-form").waitFor();
    // the code of the enrolment's time step is spent: the next step's is accepted (one step of drift)
    await page.getByTestId("twofactor-code").fill(codeFor(secret, 30));
    await page.getByTestId("twofactor-submit").click();
    await page.waitForURL(/\/tickets$/);
    await page.context().close();
  });

  it("a company requires it: its user sets the authenticator up at sign-in, and the admin resets it", async () => {
    const email = `exige.${Date.now().toString(36)}@example.com`;
    await api(server.url, "POST", "/companies/cadastro", {
      name: `Loja ${Date.now().toString(36)}`,
      email,
      phone: "(11) 99999-8888",
      password: "segredo1",
      planId: 1,
      recurrence: "MENSAL",
      status: "t",
      campaignsEnabled: true,
    });
    const admin = await newUserPage(browser);
    await login(admin, server, { email, password: "segredo1" });
    const token = await browserToken(admin);
    const userEmail = `atendente.${Date.now().toString(36)}@example.com`;
    const user = await api<{ id: number }>(server.url, "POST", "/users", { name: "Atendente", email: userEmail, password: "segredo2", profile: "user", queueIds: [] }, token);

    await admin.goto(`${server.url}/settings`);
    const saved = admin.waitForResponse((r) => r.url().endsWith("/auth/2fa/policy") && r.request().method() === "PUT");
    await admin.getByTestId("settings-2fa-company").click();
    expect((await saved).status()).toBe(200);

    const page = await newUserPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByTestId("login-email").fill(userEmail);
    await page.getByTestId("login-password").fill("segredo2");
    await page.getByTestId("login-submit").click();
    await page.getByText("Sua empresa exige a verificação em duas etapas.", { exact: false }).waitFor();
    const secret = (await page.getByTestId("twofactor-secret").textContent())!.trim();
    await page.getByTestId("twofactor-code").fill(codeFor(secret));
    await page.getByTestId("twofactor-submit").click();
    expect((await page.getByTestId("twofactor-recovery-codes").textContent())!.trim().split(/\s+/)).toHaveLength(10);
    await page.getByTestId("twofactor-continue").click();
    await page.waitForURL(/\/tickets$/);

    await admin.goto(`${server.url}/users`);
    await admin.getByTestId(`user-reset-2fa-${user.id}`).click();
    await admin.getByTestId("confirm-ok").click();
    await admin.getByText("Segunda etapa redefinida.").waitFor();
    const again = await api(server.url, "POST", "/auth/login", { email: userEmail, password: "segredo2" });
    expect(again).toMatchObject({ twoFactorRequired: true, enrolmentRequired: true });
    await page.context().close();
    await admin.context().close();
  });
});
