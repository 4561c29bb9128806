import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { AsaasStandIn } from "../server/src/test/standins/asaas";
import { advanceDueDate as nextDueDate } from "@balcao/common";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { newUserPage, submitLogin } from "./support/session";
import { fillSignupForm, submitSignup } from "./support/signup";

const API_TOKEN = "aact_journey_0123456789";
const WEBHOOK_TOKEN = "whk-journey-0123456789abcdef";
const owner = { email: "dona.pix@example.com", password: "pix-secret1" };

let asaas: AsaasStandIn;
let server: RunningServer;
let browser: Browser;
let page: Page;

/** A date as YYYY-MM-DD, and as the pt-BR page writes it. */
const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
const ptDate = (date: string) => date.split("-").reverse().join("/");

describe.skipIf(!browserAvailable)("a new company pays its first invoice with Pix", () => {
  beforeAll(async () => {
    asaas = await new AsaasStandIn(API_TOKEN).start();
    ({ server, browser } = await startJourney({ ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN }));
    const root = await api<{ token: string }>(server.url, "POST", "/auth/login", ADMIN);
    await api(server.url, "PUT", "/settings/asaas", { value: API_TOKEN }, root.token);
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    await asaas?.stop();
  });

  it("signs the company up on /signup and logs in through the login screen", async () => {
    page = await newUserPage(browser);
    await page.goto(`${server.url}/signup`);
    await fillSignupForm(page, { name: "Padaria Pix", userName: "Dona Pix", phone: "11988887777", planId: 1, ...owner });
    await submitSignup(page);
    await submitLogin(page, owner);
    await page.getByTestId("greeting").filter({ hasText: "Bem vindo a Padaria Pix!" }).waitFor();
  });

  it("sees its trial countdown, pays through the Pix screen and gets a month more once the provider confirms", async () => {
    const trialEnd = new Date();
    trialEnd.setDate(trialEnd.getDate() + 3);
    await page.goto(`${server.url}/subscription`);
    await page.getByTestId("trial-days").getByText("Restam 3 dias").waitFor();
    expect(await page.getByTestId("billing-email").textContent()).toBe(owner.email);

    await page.getByTestId("subscribe-now").click();
    await page.getByTestId("checkout-next").click();
    await page.getByText("O Endereço é obrigatório").waitFor();
    await page.getByTestId("checkout-address2").fill("Rua das Flores, 10");
    await page.getByTestId("checkout-city").fill("São Paulo");
    await page.getByTestId("checkout-zipcode").fill("01000-000");
    await page.getByTestId("checkout-next").click();
    await page.getByTestId("checkout-taxId").fill("123.456.789-09");
    await page.getByTestId("checkout-next").click();
    expect(await page.getByTestId("checkout-total").textContent()).toMatch(/R\$\s?30,00/);
    await page.getByTestId("checkout-next").click();

    await page.getByTestId("pix-payment").waitFor();
    expect(await page.getByTestId("pix-code").inputValue()).toMatch(/^000201/);
    await page.getByTestId("pix-qrcode").waitFor();
    await page.getByTestId("pix-copy").click();
    await page.getByTestId("pix-copy").getByText("Copiado").waitFor();
    await page.getByTestId("pix-copy").getByText("Copiar código").waitFor({ timeout: 3_000 });

    const [payment] = [...asaas.payments.values()];
    expect(await asaas.pay(payment.id, `${server.url}/subscription/asaaswebhook`, WEBHOOK_TOKEN)).toEqual([200]);
    const renewed = nextDueDate(ymd(trialEnd), "MENSAL");
    await page.getByText(`Sua licença foi renovada até ${ptDate(renewed)}`).waitFor();
    await page.getByTestId("pix-confirmed").waitFor();
    await page.waitForURL(`${server.url}/`, { timeout: 8_000 });

    await page.goto(`${server.url}/financeiro`);
    const row = page.locator("[data-testid^='invoice-'][data-state]").first();
    await row.waitFor();
    expect(await row.getAttribute("data-state")).toBe("paid");
    await row.getByRole("button", { name: "PAGO" }).waitFor();
    await page.goto(`${server.url}/subscription`);
    await page.getByText(`Período atual até ${ptDate(renewed)}`).waitFor();
    await page.getByTestId("nothing-due").waitFor();
  });
});
