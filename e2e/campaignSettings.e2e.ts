import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function choose(page: Page, select: string, option: string) {
  await page.getByTestId(`campaign-settings-${select}`).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

async function addVariable(page: Page, key: string, value: string) {
  await page.getByTestId("campaign-variable-key").fill(key);
  await page.getByTestId("campaign-variable-value").fill(value);
  await page.getByTestId("campaign-variable-add").click();
}

describe.skipIf(!browserAvailable)("campaign settings", () => {
  beforeAll(async () => ({ server, browser } = await startJourney()));
  afterAll(() => stopJourney({ server, browser }));

  it("shows the defaults, saves the pacing and the variables, and keeps them across a reload", async () => {
    const page = await signedInPage(browser, server, ADMIN);
    await page.goto(`${server.url}/campaigns-config`);
    await page.getByRole("heading", { name: "Configurações de campanhas" }).waitFor();
    expect(await page.getByTestId("campaign-settings-messageInterval").textContent()).toContain("20 segundos");
    expect(await page.getByTestId("campaign-settings-longerIntervalAfter").textContent()).toContain("20 mensagens");
    expect(await page.getByTestId("campaign-settings-greaterInterval").textContent()).toContain("60 segundos");
    await page.getByTestId("campaign-variables-empty").waitFor();

    await choose(page, "messageInterval", "5 segundos");
    await choose(page, "longerIntervalAfter", "10 mensagens");
    await choose(page, "greaterInterval", "120 segundos");
    await addVariable(page, "loja", "Padaria Central");
    await addVariable(page, "cupom", "BEMVINDO10");
    // a key that exists is not added
    await addVariable(page, "loja", "Outra loja");
    await page.getByText("Já existe uma variável com este nome.").waitFor();
    expect(await page.getByTestId("campaign-variable-row").count()).toBe(2);
    await page.getByTestId("campaign-settings-unsaved").waitFor();

    await page.getByTestId("campaign-settings-save").click();
    await page.getByText("Configurações salvas").waitFor();
    await page.getByTestId("campaign-settings-unsaved").waitFor({ state: "detached" });

    await page.reload();
    await page.getByTestId("campaign-variable-row").first().waitFor();
    expect(await page.getByTestId("campaign-settings-messageInterval").textContent()).toContain("5 segundos");
    expect(await page.getByTestId("campaign-settings-longerIntervalAfter").textContent()).toContain("10 mensagens");
    expect(await page.getByTestId("campaign-settings-greaterInterval").textContent()).toContain("120 segundos");
    expect(await page.getByTestId("campaign-variables").textContent()).toContain("{loja}Padaria Central");

    // removing asks first; the list saved without it
    await page.getByRole("button", { name: "Remover a variável loja" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Excluir" }).click();
    await page.getByTestId("campaign-settings-save").click();
    await page.getByText("Configurações salvas").first().waitFor();
    await page.reload();
    await page.getByTestId("campaign-variable-row").first().waitFor();
    expect(await page.getByTestId("campaign-variable-row").count()).toBe(1);
    expect(await page.getByTestId("campaign-variables").textContent()).toContain("{cupom}BEMVINDO10");
    await page.context().close();
  });

  it("keeps the company's own opt-out words", async () => {
    const page = await signedInPage(browser, server, ADMIN);
    await page.goto(`${server.url}/campaigns-config`);
    const chips = page.getByTestId("opt-out-words");
    await page.getByTestId("opt-out-word").first().waitFor();
    await expect.poll(() => page.getByTestId("opt-out-word").allTextContents()).toEqual(["SAIR", "PARAR", "STOP"]);
    await page.getByTestId("opt-out-input").fill("  cancelar ");
    await page.getByTestId("opt-out-input").press("Enter");
    await page.getByTestId("opt-out-input").fill("sair");
    await page.getByTestId("opt-out-add").click();
    await page.getByText("Esta palavra já está na lista.").waitFor();
    await chips.getByRole("button", { name: "STOP" }).locator("svg").click();
    expect(await page.getByTestId("opt-out-word").allTextContents()).toEqual(["SAIR", "PARAR", "CANCELAR"]);
    await page.getByTestId("campaign-settings-save").click();
    await page.getByText("Configurações salvas").first().waitFor();
    await page.reload();
    await page.getByTestId("opt-out-word").first().waitFor();
    await expect.poll(() => page.getByTestId("opt-out-word").allTextContents()).toEqual(["SAIR", "PARAR", "CANCELAR"]);
    await page.context().close();
  });

  it("fits a 360 px phone", async () => {
    const page = await signedInPage(browser, server, ADMIN, { viewport: { width: 360, height: 740 } });
    await page.goto(`${server.url}/campaigns-config`);
    await page.getByTestId("campaign-settings-save").waitFor();
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });
});
