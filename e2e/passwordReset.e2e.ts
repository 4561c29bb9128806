import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import type { RunningServer } from "./support/server";
import { api } from "./support/api";
import { login } from "./support/session";
import { codeIn, startMailbox, type Mailbox } from "../server/src/test/mailbox";

let server: RunningServer;
let browser: Browser;
let mailbox: Mailbox;

describe.skipIf(!browserAvailable)("a user who forgot the password sets a new one with a mailed code", () => {
  beforeAll(async () => {
    mailbox = await startMailbox();
    ({ server, browser } = await startJourney({ SMTP_URL: mailbox.url }));
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    await mailbox?.close();
  });

  it("goes from the login page's link to a new password and signs in with it", async () => {
    const email = `esqueci.${Date.now().toString(36)}@example.com`;
    await api(server.url, "POST", "/companies/cadastro", {
      name: `Loja ${Date.now().toString(36)}`,
      email,
      phone: "(11) 99999-8888",
      password: "antiga1",
      planId: 1,
      recurrence: "MENSAL",
      status: "t",
      campaignsEnabled: true,
    });
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${server.url}/login`);
    await page.getByText("Esqueceu a senha?").click();
    await page.waitForURL(/\/forgetpsw$/);

    await page.getByTestId("forget-email").fill("ninguem.aqui@example.com");
    await page.getByTestId("forget-send-code").click();
    await page.getByText("Email não encontrado").first().waitFor();

    await page.getByTestId("forget-email").fill(email);
    await page.getByTestId("forget-send-code").click();
    await page.getByText("Email enviado com sucesso!").waitFor();
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe("Seu código para redefinir a senha");
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    await page.getByTestId("forget-code").fill(code);
    await page.getByTestId("forget-password").fill("fraca");
    await page.getByTestId("forget-confirmation").fill("outra");
    await page.getByTestId("forget-submit").click();
    await page.getByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.").waitFor();
    await page.getByText("As senhas não correspondem").waitFor();

    await page.getByTestId("forget-password").fill("Nova-Senha-9");
    await page.getByTestId("forget-confirmation").fill("Nova-Senha-9");
    await page.getByTestId("forget-submit").click();
    await page.getByText("Senha redefinida com sucesso.").waitFor();
    await page.waitForURL(/\/login$/);

    await login(page, server, { email, password: "Nova-Senha-9" });
    await page.context().close();
  });

  it("says so in the page when the server cannot send mail", async () => {
    const plain = await startJourney();
    try {
      const page = await plain.browser.newPage();
      await page.goto(`${plain.server.url}/forgetpsw`);
      await page.getByTestId("forget-email").fill("admin@admin.com");
      await page.getByTestId("forget-send-code").click();
      await page.getByTestId("forget-mail-unavailable").getByText("A recuperação de senha por e-mail não está disponível neste servidor.", { exact: false }).waitFor();
    } finally {
      await stopJourney(plain);
    }
  });
});
