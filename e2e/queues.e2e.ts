import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let token: string;
let companyId: number;
let queueId: number;

/** Types a time into a masked HH:MM input, replacing what it held. */
async function typeTime(page: Page, testId: string, digits: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.press("ControlOrMeta+a");
  await input.press("Backspace");
  await input.pressSequentially(digits);
}

async function pickSetting(page: Page, key: string, value: string) {
  const saved = page.waitForResponse((r) => r.url().endsWith(`/settings/${key}`) && r.request().method() === "PUT");
  await page.getByTestId(`setting-${key}`).click();
  await page.getByTestId(`setting-${key}-${value}`).click();
  expect((await saved).status()).toBe(200);
}

describe.skipIf(!browserAvailable)("an admin sets up a queue, its chatbot menu and the opening hours", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    admin = await signedInPage(browser, server, ADMIN);
    // one session per user: API checks reuse the browser's own token
    token = await browserToken(admin);
    companyId = Number(await admin.evaluate(() => localStorage.getItem("companyId")));
  });
  afterAll(() => stopJourney({ server, browser }));

  it("creates a queue with a colour of the palette and sees it in the list", async () => {
    await admin.getByTestId("menu-queues").click();
    await admin.waitForURL(/\/queues$/);
    await admin.getByTestId("queues-empty").waitFor();

    await admin.getByTestId("queues-add").click();
    const dialog = admin.getByTestId("queue-dialog");
    await dialog.waitFor();
    await dialog.getByTestId("queue-options-save-first").waitFor();
    await admin.getByTestId("queue-name").fill("Vendas");
    await admin.getByTestId("queue-color-pick").click();
    await admin.getByTestId("queue-palette").waitFor();
    await admin.getByTestId("queue-palette-1976D2").click();
    expect(await admin.getByTestId("queue-color").inputValue()).toBe("#1976D2");
    await admin.getByTestId("queue-order").fill("1");
    await admin.getByTestId("queue-greeting").fill("Olá! Você está no setor de vendas.");
    const created = admin.waitForResponse((r) => r.url().endsWith("/queue") && r.request().method() === "POST");
    await admin.getByTestId("queue-save").click();
    const response = await created;
    expect(response.status()).toBe(201);
    queueId = ((await response.json()) as { id: number }).id;
    await dialog.waitFor({ state: "hidden" });
    await admin.getByText("Fila salva com sucesso!").waitFor();

    await expect.poll(() => admin.getByTestId(`queue-name-${queueId}`).textContent()).toBe("Vendas");
    expect(await admin.getByTestId(`queue-color-${queueId}`).getAttribute("data-color")).toBe("#1976D2");
    expect(await admin.getByTestId(`queue-row-${queueId}`).textContent()).toContain("Olá! Você está no setor de vendas.");
  });

  it("adds a two-level chatbot menu that is still there after a reload", async () => {
    await admin.getByTestId(`queue-edit-${queueId}`).click();
    const dialog = admin.getByTestId("queue-dialog");
    await dialog.getByTestId("queue-options-empty").waitFor();

    await admin.getByTestId("queue-options-add").click();
    const rootForm = admin.getByTestId("queue-options-root").getByTestId("option-form");
    expect(await rootForm.getByTestId("option-form-option").inputValue()).toBe("1");
    await rootForm.getByTestId("option-form-title").fill("Vendas");
    await rootForm.getByTestId("option-form-message").fill("Escolha o assunto:");
    const createdRoot = admin.waitForResponse((r) => r.url().endsWith("/queue-options") && r.request().method() === "POST");
    await rootForm.getByTestId("option-form-save").click();
    const root = (await (await createdRoot).json()) as { id: number };
    await expect.poll(() => admin.getByTestId(`queue-option-label-${root.id}`).textContent()).toBe("1 - Vendas");

    await admin.getByTestId(`queue-option-add-child-${root.id}`).click();
    const childForm = admin.getByTestId(`queue-option-children-${root.id}`).getByTestId("option-form");
    await childForm.getByTestId("option-form-title").fill("Novos planos");
    await childForm.getByTestId("option-form-message").fill("Temos planos mensais e anuais.");
    const createdChild = admin.waitForResponse((r) => r.url().endsWith("/queue-options") && r.request().method() === "POST");
    await childForm.getByTestId("option-form-save").click();
    const child = (await (await createdChild).json()) as { id: number; parentId: number };
    expect(child.parentId).toBe(root.id);
    await expect.poll(() => admin.getByTestId(`queue-option-label-${child.id}`).textContent()).toBe("1 - Novos planos");

    await admin.reload();
    await admin.getByTestId(`queue-edit-${queueId}`).click();
    await expect.poll(() => admin.getByTestId(`queue-option-label-${root.id}`).textContent()).toBe("1 - Vendas");
    const children = admin.getByTestId(`queue-option-children-${root.id}`);
    await expect.poll(() => children.getByTestId(`queue-option-label-${child.id}`).textContent()).toBe("1 - Novos planos");
    expect(await children.textContent()).toContain("Temos planos mensais e anuais.");
    await admin.getByTestId("queue-cancel").click();
  });

  it("edits the queue's own hours when hours are per queue", async () => {
    await admin.getByTestId("menu-settings").click();
    await admin.waitForURL(/\/settings$/);
    await pickSetting(admin, "scheduleType", "queue");

    await admin.getByTestId("menu-queues").click();
    await admin.getByTestId(`queue-edit-${queueId}`).click();
    await admin.getByTestId("queue-tab-schedules").click();
    expect(await admin.getByTestId("queue-schedules-saturday-end").inputValue()).toBe("12:00");
    await typeTime(admin, "queue-schedules-friday-end", "1600");
    const saved = admin.waitForResponse((r) => r.url().endsWith(`/queue/${queueId}`) && r.request().method() === "PUT");
    await admin.getByTestId("queue-save").click();
    expect((await saved).status()).toBe(200);
    const queue = await api<{ schedules: { weekdayEn: string; endTime: string }[] }>(server.url, "GET", `/queue/${queueId}`, undefined, token);
    expect(queue.schedules.find((d) => d.weekdayEn === "friday")?.endTime).toBe("16:00");
  });

  it("saves the company's hours from Settings when hours are per company", async () => {
    await admin.getByTestId("menu-settings").click();
    await admin.waitForURL(/\/settings$/);
    expect(await admin.getByTestId("settings-tab-schedules").count()).toBe(0);
    await pickSetting(admin, "scheduleType", "company");
    // the hours are read on the company's clock
    const zoneSaved = admin.waitForResponse((r) => r.url().endsWith("/settings/timeZone") && r.request().method() === "PUT");
    await admin.getByTestId("setting-timeZone").fill("Sao Paulo");
    await admin.getByRole("option", { name: "America/Sao Paulo" }).click();
    expect((await zoneSaved).status()).toBe(200);
    const settings = await api<{ key: string; value: string }[]>(server.url, "GET", "/settings", undefined, token);
    expect(settings.find((row) => row.key === "timeZone")?.value).toBe("America/Sao_Paulo");
    await admin.getByTestId("settings-tab-schedules").click();
    await admin.getByTestId("settings-schedules").waitFor();
    await typeTime(admin, "company-schedules-monday-start", "0930");
    await typeTime(admin, "company-schedules-sunday-end", "1200");
    await admin.getByTestId("company-schedules-save").click();
    await admin.getByText("Horários atualizados com sucesso.").waitFor();

    const company = await api<{ schedules: { weekdayEn: string; startTime: string; endTime: string }[] }>(server.url, "GET", `/companies/${companyId}`, undefined, token);
    expect(company.schedules).toHaveLength(7);
    expect(company.schedules[0]).toMatchObject({ weekdayEn: "monday", startTime: "09:30", endTime: "18:00" });
    expect(company.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTime: "00:00", endTime: "12:00" });
  });

  it("deletes the queue after confirming, with its chatbot menu", async () => {
    await admin.getByTestId("menu-queues").click();
    await admin.getByTestId(`queue-delete-${queueId}`).click();
    await admin.getByTestId("confirm-dialog").getByText("Deseja realmente excluir esse registro?").waitFor();
    await admin.getByTestId("confirm-ok").click();
    await admin.getByTestId(`queue-row-${queueId}`).waitFor({ state: "detached" });
    await admin.getByTestId("queues-empty").waitFor();
    expect(await api(server.url, "GET", `/queue-options?queueId=${queueId}`, undefined, token)).toEqual([]);
  });
});
