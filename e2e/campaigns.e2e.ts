import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import * as XLSX from "@e965/xlsx";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";
import { simulateCustomer } from "./support/simulator";
import { customerReceived, pairedSandbox, type SandboxConnection } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
/** The report, open in a second tab of the admin before the campaign starts. */
let report: Page;
/** The simulator's phone of the list's first customer. */
let phone: Page;
let token: string;
let whatsapp: SandboxConnection;
let listId: number;
let campaignId: number;

const PHONE = { width: 360, height: 740 };
const CUSTOMERS = [
  { name: "Ana Lima", number: "5511977001001" },
  { name: "Bruno Costa", number: "5511977001002" },
  { name: "Carla Dias", number: "5511977001003" },
];
const MESSAGES = ["Olá {nome}, a promoção de inverno começou!", "Oi {nome}, chegaram as novidades de inverno!"];
const received = (name: string) => MESSAGES.map((m) => m.replace("{nome}", name));

const pad = (n: number) => String(n).padStart(2, "0");
/** The minute as the pt date-time field shows it. */
const shownMinute = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const status = (page: Page, id: number) => page.getByTestId(`campaign-status-${id}`).getAttribute("data-status");

/** The customers as an admin's spreadsheet lists them. */
async function customersSpreadsheet(): Promise<string> {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["Nome", "Número"], ...CUSTOMERS.map((c) => [c.name, c.number])]), "Contatos");
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "balcao-campaigns-e2e-")), "clientes.xlsx");
  await fs.writeFile(file, XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
  return file;
}

async function choose(page: Page, field: string, value: string) {
  await page.getByTestId(`campaign-field-${field}`).click();
  await page.getByTestId(`campaign-option-${field}-${value}`).click();
}

describe.skipIf(!browserAvailable)("an admin sends a campaign to a contact list and follows it live", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    admin = await signedInPage(browser, server, ADMIN);
    token = await browserToken(admin);
    whatsapp = await pairedSandbox(server, token, { name: "Loja" });
    // 5 s between messages: the whole list goes out within seconds, one contact at a time
    await api(server.url, "POST", "/campaign-settings", { settings: { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0, variables: [] } }, token);
    phone = await admin.context().newPage();
    await phone.goto(`${server.url}/tickets`);
    await simulateCustomer(phone, CUSTOMERS[0].number, CUSTOMERS[0].name);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("builds the contact list from a spreadsheet", async () => {
    await admin.getByTestId("menu-contact-lists").click();
    await admin.waitForURL(/\/contact-lists$/);
    await admin.getByTestId("contact-lists-add").click();
    await admin.getByTestId("contact-list-name").fill("Clientes inverno");
    const saved = admin.waitForResponse((r) => r.url().endsWith("/contact-lists") && r.request().method() === "POST");
    await admin.getByTestId("contact-list-save").click();
    listId = ((await (await saved).json()) as { id: number }).id;
    await admin.getByTestId(`contact-list-open-${listId}`).click();
    await admin.getByTestId("contact-list-items-empty").waitFor();

    await admin.getByTestId("contact-list-import").click();
    const chooser = admin.waitForEvent("filechooser");
    await admin.getByTestId("contact-list-import-choose").click();
    await (await chooser).setFiles(await customersSpreadsheet());
    await admin.getByTestId("import-result").waitFor();
    expect(await admin.getByTestId("import-created").textContent()).toBe(String(CUSTOMERS.length));
    await admin.getByTestId("import-close").click();
    await expect.poll(() => admin.locator('[data-testid^="contact-list-item-name-"]').allTextContents()).toEqual(CUSTOMERS.map((c) => c.name));
  });

  it("creates a campaign through its dialog, after the name's rule, with two messages", async () => {
    await admin.getByTestId("menu-campaigns").click();
    await admin.waitForURL(/\/campaigns$/);
    await admin.getByTestId("campaigns-empty").waitFor();

    await admin.getByTestId("campaigns-add").click();
    const dialog = admin.getByTestId("campaign-dialog");
    await dialog.getByText("Nova campanha").waitFor();
    expect(await dialog.getByTestId("campaign-field-confirmation").textContent()).toContain("Desabilitado");
    expect(await dialog.getByTestId("campaign-field-tagListId").textContent()).toContain("Nenhuma");
    await dialog.getByTestId("campaign-name").fill("P");
    await dialog.getByTestId("campaign-save").click();
    await dialog.getByText("Muito curto!").waitFor();

    await dialog.getByTestId("campaign-name").fill("Promoção de inverno");
    await choose(admin, "contactListId", String(listId));
    await dialog.getByTestId("campaign-message-1").fill(MESSAGES[0]);
    await dialog.getByTestId("campaign-tab-2").click();
    await dialog.getByTestId("campaign-message-2").fill(MESSAGES[1]);
    // confirmation on shows each message's confirmation field; off again, they go
    await choose(admin, "confirmation", "true");
    await dialog.getByTestId("campaign-confirmation-message-2").waitFor();
    await choose(admin, "confirmation", "false");
    await dialog.getByTestId("campaign-confirmation-message-2").waitFor({ state: "detached" });

    const saved = admin.waitForResponse((r) => r.url().endsWith("/campaigns") && r.request().method() === "POST");
    await dialog.getByTestId("campaign-save").click();
    const body = (await (await saved).json()) as { id: number; message2: string; message3: string; scheduledAt: string | null };
    campaignId = body.id;
    expect(body.message2).toBe(MESSAGES[1]);
    await admin.getByText("Campanha salva com sucesso!").waitFor();
    await dialog.waitFor({ state: "hidden" });
    // no connection nor time yet: it waits, inactive
    expect(await admin.getByTestId(`campaign-name-${campaignId}`).textContent()).toBe("Promoção de inverno");
    expect(await admin.getByTestId(`campaign-status-${campaignId}`).textContent()).toBe("Inativa");
    expect(await admin.getByTestId(`campaign-list-${campaignId}`).textContent()).toContain("Clientes inverno");
    expect(await admin.getByTestId(`campaign-confirmation-${campaignId}`).textContent()).toContain("Não");
  });

  it("opens the report while the campaign is inactive", async () => {
    report = await admin.context().newPage();
    await report.goto(`${server.url}/campaigns`);
    await report.getByTestId(`campaign-report-${campaignId}`).click();
    await report.waitForURL(new RegExp(`/campaign/${campaignId}/report$`));
    await report.getByTestId("campaign-report").waitFor();
    expect(await report.getByTestId("campaign-report-status").textContent()).toBe("Inativa");
    expect(await report.getByTestId("campaign-report-percent").textContent()).toBe("0%");
    expect(await report.getByTestId("campaign-report-contactList").textContent()).toBe("Clientes inverno");
    expect(await report.getByTestId("campaign-report-completion").textContent()).toBe("Não concluída");
  });

  it("schedules it now on the connection: the list and the report follow it to the end, and the customers get one of its messages", async () => {
    await admin.getByTestId(`campaign-edit-${campaignId}`).click();
    const dialog = admin.getByTestId("campaign-dialog");
    await dialog.getByText("Editar campanha").waitFor();
    expect(await dialog.getByTestId("campaign-name").inputValue()).toBe("Promoção de inverno");
    await choose(admin, "whatsappId", String(whatsapp.id));
    // the current minute, already due (near its end, the next one, due within seconds)
    const now = new Date();
    const startAt = now.getSeconds() < 50 ? now : new Date(now.getTime() + 60_000);
    await dialog.getByTestId("campaign-scheduled-at-field").locator('[role="spinbutton"]').first().click();
    await admin.keyboard.type(shownMinute(startAt).replace(/\D/g, ""));
    expect(await dialog.getByTestId("campaign-scheduled-at").inputValue()).toBe(shownMinute(startAt));
    // the report records every percentage and status it shows, so a step shown for a moment is not missed
    await report.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { reportSteps: string[] }).reportSteps = seen;
      const read = () => {
        const percent = document.querySelector('[data-testid="campaign-report-percent"]')?.textContent;
        const status = document.querySelector('[data-testid="campaign-report-status"]')?.getAttribute("data-status");
        const step = `${percent} ${status}`;
        if (seen.at(-1) !== step) seen.push(step);
      };
      new MutationObserver(read).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const saved = admin.waitForRequest((r) => r.url().endsWith(`/campaigns/${campaignId}`) && r.method() === "PUT");
    await dialog.getByTestId("campaign-save").click();
    const sent = (await saved).postDataJSON() as Record<string, unknown>;
    expect(sent.scheduledAt).toBe(`${startAt.getFullYear()}-${pad(startAt.getMonth() + 1)}-${pad(startAt.getDate())} ${pad(startAt.getHours())}:${pad(startAt.getMinutes())}:00`);
    expect(sent.message3).toBeNull();
    expect(sent.fileListId).toBeNull();
    await admin.getByText("Campanha salva com sucesso!").first().waitFor();

    // live in the list: it starts and finishes without a reload
    await expect.poll(() => status(admin, campaignId), { timeout: 90_000 }).toMatch(/EM_ANDAMENTO|FINALIZADA/);
    await expect.poll(() => status(admin, campaignId), { timeout: 60_000 }).toBe("FINALIZADA");
    expect(await admin.getByTestId(`campaign-status-${campaignId}`).textContent()).toBe("Finalizada");
    expect(await admin.getByTestId(`campaign-completed-${campaignId}`).textContent()).not.toContain("Não concluída");

    // the report, open since before the start, reaches all of its contacts
    await expect.poll(() => report.getByTestId("campaign-report-status").getAttribute("data-status"), { timeout: 30_000 }).toBe("FINALIZADA");
    await expect.poll(() => report.getByTestId("campaign-report-percent").textContent(), { timeout: 20_000 }).toBe("100%");
    // it counted each contact as it was sent to (5 s apart), live, while the campaign ran
    const steps = await report.evaluate(() => (window as unknown as { reportSteps: string[] }).reportSteps);
    expect(steps).toContain("67% EM_ANDAMENTO");
    expect(steps.at(-1)).toBe("100% FINALIZADA");
    expect(await report.getByTestId("campaign-report-summary").textContent()).toBe("3 de 3 contatos válidos recebidos");
    expect(await report.getByTestId("campaign-report-validContacts").textContent()).toBe("3");
    expect(await report.getByTestId("campaign-report-delivered").textContent()).toBe("3");
    expect(await report.getByTestId("campaign-report-connection").textContent()).toBe("Loja");

    // the first customer's phone shows it; every customer got one of the two messages
    await phone.locator('[data-testid^="simulator-message-"][data-direction="out"]').filter({ hasText: "inverno" }).first().waitFor({ timeout: 30_000 });
    for (const customer of CUSTOMERS) {
      const messages = await customerReceived(server, whatsapp, customer.number);
      expect(messages.map((m) => m.body).filter((b) => received(customer.name).includes(b))).toHaveLength(1);
    }
  });

  it("shows a finished campaign read-only, and deletes another after confirmation", async () => {
    await admin.getByTestId(`campaign-edit-${campaignId}`).click();
    const dialog = admin.getByTestId("campaign-dialog");
    await dialog.getByTestId("campaign-read-only").waitFor();
    expect(await dialog.getByTestId("campaign-save").count()).toBe(0);
    expect(await dialog.getByTestId("campaign-name").isDisabled()).toBe(true);
    await dialog.getByTestId("campaign-cancel").click();
    await dialog.waitFor({ state: "hidden" });

    // one made elsewhere arrives live, then goes
    const other = await api<{ id: number }>(server.url, "POST", "/campaigns", { name: "Rascunho de verão", message1: "Oi" }, token);
    await admin.getByTestId(`campaign-row-${other.id}`).waitFor();
    await admin.getByTestId(`campaign-delete-${other.id}`).click();
    await admin.getByText("Deseja realmente excluir esse registro?").waitFor();
    await admin.getByRole("button", { name: "Excluir", exact: true }).click();
    await admin.getByText("Campanha excluída com sucesso!").waitFor();
    await admin.getByTestId(`campaign-row-${other.id}`).waitFor({ state: "detached" });
  });

  it("restarts a cancelled campaign from its row", async () => {
    const later = new Date(Date.now() + 3 * 3_600_000);
    const held = await api<{ id: number }>(
      server.url,
      "POST",
      "/campaigns",
      { name: "Reposição", message1: "Oi {nome}, repusemos o estoque!", contactListId: listId, whatsappId: whatsapp.id, scheduledAt: later.toISOString() },
      token,
    );
    await expect.poll(() => status(admin, held.id)).toBe("PROGRAMADA");
    await api(server.url, "POST", `/campaigns/${held.id}/cancel`, {}, token);
    await expect.poll(() => status(admin, held.id)).toBe("CANCELADA");
    expect(await admin.getByTestId(`campaign-stop-${held.id}`).count()).toBe(0);
    await admin.getByTestId(`campaign-restart-${held.id}`).click();
    await admin.getByText("Campanha reiniciada").waitFor();
    await expect.poll(() => status(admin, held.id), { timeout: 60_000 }).toMatch(/EM_ANDAMENTO|FINALIZADA/);
  });

  it("stops a running campaign from its row, and attaches a file to a draft", async () => {
    // 20 s between messages: the campaign is still running when the admin stops it
    await api(server.url, "POST", "/campaign-settings", { settings: { messageInterval: 20, longerIntervalAfter: 0, greaterInterval: 0, variables: [] } }, token);
    const running = await api<{ id: number }>(
      server.url,
      "POST",
      "/campaigns",
      { name: "Liquidação", message1: "Oi {nome}, liquidação hoje!", contactListId: listId, whatsappId: whatsapp.id, scheduledAt: new Date(Date.now() - 60_000).toISOString() },
      token,
    );
    await expect.poll(() => status(admin, running.id), { timeout: 90_000 }).toBe("EM_ANDAMENTO");
    await admin.getByTestId(`campaign-stop-${running.id}`).click();
    await admin.getByText("Campanha interrompida").waitFor();
    await expect.poll(() => status(admin, running.id)).toBe("CANCELADA");
    await admin.getByTestId(`campaign-restart-${running.id}`).waitFor();
    await admin.getByTestId(`campaign-stop-${running.id}`).waitFor({ state: "detached" });

    const draft = await api<{ id: number }>(server.url, "POST", "/campaigns", { name: "Com anexo", message1: "Veja o catálogo" }, token);
    await admin.getByTestId(`campaign-edit-${draft.id}`).click();
    const dialog = admin.getByTestId("campaign-dialog");
    await dialog.getByText("Editar campanha").waitFor();
    await dialog.getByTestId("campaign-attach-input").setInputFiles({ name: "catalogo.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 catálogo") });
    await dialog.getByTestId("campaign-attachment").filter({ hasText: "catalogo.pdf" }).waitFor();
    const uploaded = admin.waitForResponse((r) => r.url().endsWith(`/campaigns/${draft.id}/media-upload`) && r.request().method() === "POST");
    await dialog.getByTestId("campaign-save").click();
    expect((await uploaded).status()).toBe(200);
    await admin.getByText("Campanha salva com sucesso!").first().waitFor();
    const stored = await api<{ mediaName: string | null }>(server.url, "GET", `/campaigns/${draft.id}`, undefined, token);
    expect(stored.mediaName).toBe("catalogo.pdf");
    await admin.getByTestId(`campaign-edit-${draft.id}`).click();
    await dialog.getByTestId("campaign-attachment").filter({ hasText: "catalogo.pdf" }).waitFor();
    await dialog.getByTestId("campaign-cancel").click();
  });

  it("fits a 360 px phone", async () => {
    const small = await admin.context().newPage();
    await small.setViewportSize(PHONE);
    await small.goto(`${server.url}/campaigns`);
    await small.getByTestId(`campaign-row-${campaignId}`).waitFor();
    expect(await sidewaysScroll(small)).toBeLessThanOrEqual(0);
    for (const id of [`campaign-report-${campaignId}`, `campaign-delete-${campaignId}`, "campaigns-add"]) {
      const box = await small.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    }
    await small.getByTestId("campaigns-add").click();
    await small.getByTestId("campaign-name").waitFor();
    expect(await sidewaysScroll(small)).toBeLessThanOrEqual(0);
    await small.getByTestId("campaign-cancel").click();
    await small.goto(`${server.url}/campaign/${campaignId}/report`);
    await small.getByTestId("campaign-report").waitFor();
    expect(await sidewaysScroll(small)).toBeLessThanOrEqual(0);
  });
});
