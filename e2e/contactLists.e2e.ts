import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import * as XLSX from "@e965/xlsx";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";
import { pairedSandbox } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
/** A second tab of the same admin, left open on the list's contacts: it must follow every change live. */
let second: Page;
let workDir: string;
let listId: number;

const PHONE = { width: 360, height: 740 };

/** A generated customer of the spreadsheet's bulk, numbered from 1. */
const BULK = 1_500;
const bulkName = (i: number) => `Cliente ${String(i).padStart(4, "0")}`;

/**
 * The spreadsheet an admin would prepare: a too-short name (row 3), a bad number and email (row 5),
 * Ana twice (rows 2 and 6), then 1,500 more customers, enough for the import to take a moment.
 */
async function listSpreadsheet(): Promise<string> {
  const book = XLSX.utils.book_new();
  const rows = [
    ["Nome", "Número", "E-mail"],
    ["Ana Lima", "+55 (11) 98888-2001", "ana@example.com"],
    ["X", "5511988882002", ""],
    ["Bruno Costa", 5511988882003, ""],
    ["Carla Dias", "123", "carla@"],
    ["Ana Lima Souza", "5511988882001", ""],
    ["Davi Rocha", "5511988882004", "davi@example.com"],
    ...Array.from({ length: BULK }, (_, i) => [bulkName(i + 1), `55119770${String(i + 1).padStart(5, "0")}`, ""]),
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  const file = path.join(workDir, "lista.xlsx");
  await fs.writeFile(file, XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
  return file;
}

/** Records each step the import's progress shows (phase and text), as the page renders them. */
function recordImportSteps(page: Page) {
  return page.evaluate(() => {
    const steps: string[] = [];
    (window as unknown as { importSteps: string[] }).importSteps = steps;
    const observer = new MutationObserver(() => {
      const progress = document.querySelector('[data-testid="import-progress"]');
      if (!progress) return;
      const step = `${progress.getAttribute("data-phase")}: ${progress.querySelector('[data-testid="import-progress-text"]')?.textContent ?? ""}`;
      if (steps[steps.length - 1] !== step) steps.push(step);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}
const importSteps = (page: Page) => page.evaluate(() => (window as unknown as { importSteps: string[] }).importSteps);

const itemNames = (page: Page) => page.locator('[data-testid^="contact-list-item-name-"]').allTextContents();
const icons = (page: Page) => page.locator('[data-testid^="contact-list-item-whatsapp-"]').evaluateAll((els) => els.map((el) => el.getAttribute("data-valid")));
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Visible and wholly inside a phone's width. */
async function onPhoneScreen(control: Locator) {
  await control.waitFor();
  const box = await control.boundingBox();
  expect(box, "a visible control").not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

describe.skipIf(!browserAvailable)("an admin builds a contact list from a spreadsheet", () => {
  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-contact-lists-e2e-"));
    ({ server, browser } = await startJourney());
    admin = await signedInPage(browser, server, ADMIN, { acceptDownloads: true });
    // the default connection, paired: it answers the WhatsApp check of the list's numbers
    await pairedSandbox(server, await browserToken(admin));
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it("creates a list through its dialog, after the name's rule, and downloads the example spreadsheet", async () => {
    await admin.getByTestId("menu-contact-lists").click();
    await admin.waitForURL(/\/contact-lists$/);
    await admin.getByTestId("contact-lists-empty").waitFor();

    await admin.getByTestId("contact-lists-add").click();
    await admin.getByTestId("contact-list-name").fill("V");
    await admin.getByTestId("contact-list-save").click();
    await admin.getByTestId("contact-list-dialog").getByText("Muito curto!").waitFor();
    await admin.getByTestId("contact-list-name").fill("Clientes VIP");
    const saved = admin.waitForResponse((r) => r.url().endsWith("/contact-lists") && r.request().method() === "POST");
    await admin.getByTestId("contact-list-save").click();
    listId = ((await (await saved).json()) as { id: number }).id;
    await admin.getByText("Lista de contatos salva com sucesso!").waitFor();
    expect(await admin.getByTestId(`contact-list-name-${listId}`).textContent()).toBe("Clientes VIP");
    expect(await admin.getByTestId(`contact-list-count-${listId}`).textContent()).toBe("0");

    const download = admin.waitForEvent("download");
    await admin.getByTestId(`contact-list-example-${listId}`).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("planilha.xlsx");
    const book = XLSX.read(await fs.readFile((await file.path())!), { type: "buffer" });
    expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1 })[0]).toEqual(["nome", "numero", "email"]);
  });

  it("imports an .xlsx through the import button: the progress, the row report, the items and their green icons, live in a second tab", async () => {
    await admin.getByTestId(`contact-list-open-${listId}`).click();
    await admin.waitForURL(new RegExp(`/contact-lists/${listId}/contacts$`));
    await expect.poll(() => admin.getByTestId("page-title").textContent(), { timeout: 15_000 }).toBe("Clientes VIP");
    await admin.getByTestId("contact-list-items-empty").waitFor();
    second = await admin.context().newPage();
    await second.goto(admin.url());
    await second.getByTestId("contact-list-items-empty").waitFor();

    // hold the upload at the server's door long enough to see the progress begin
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await admin.route("**/contact-lists/*/upload*", async (route) => {
      await held;
      await route.continue();
    });
    await recordImportSteps(admin);

    await admin.getByTestId("contact-list-import").click();
    const confirm = admin.getByTestId("contact-list-import-confirm");
    await confirm.getByText("Envie uma planilha .xlsx, .xls ou .csv", { exact: false }).waitFor();
    expect(await admin.getByTestId("contact-list-import-example").textContent()).toBe("Baixar planilha de exemplo");
    const chooser = admin.waitForEvent("filechooser");
    await admin.getByTestId("contact-list-import-choose").click();
    await (await chooser).setFiles(await listSpreadsheet());

    await admin.getByTestId("import-dialog").waitFor();
    await admin.getByTestId("import-progress").waitFor();
    const answered = admin.waitForResponse((r) => r.url().includes(`/contact-lists/${listId}/upload`) && r.request().method() === "POST");
    release();
    expect((await answered).status()).toBe(200);
    await admin.unroute("**/contact-lists/*/upload*");

    await admin.getByTestId("import-result").waitFor();
    // the upload first, then the rows stored as the server told them over the socket
    const steps = await importSteps(admin);
    expect(steps[0]).toMatch(/^(uploading: Enviando a planilha… \d+%|reading: Lendo a planilha…)$/);
    expect(steps.filter((step) => step.startsWith("importing:"))).toContainEqual(expect.stringMatching(/^importing: Importando contatos… \d+ de 1503$/));
    expect(await admin.getByTestId("import-created").textContent()).toBe(String(3 + BULK));
    expect(await admin.getByTestId("import-merged").textContent()).toBe("1");
    expect(await admin.getByTestId("import-error-count").textContent()).toBe("2");
    expect(await admin.getByTestId("import-error-3-name").locator("td").allTextContents()).toEqual(["3", "Nome", "Muito curto!"]);
    expect(await admin.getByTestId("import-error-5-number").locator("td").allTextContents()).toEqual(["5", "Número do WhatsApp", "Muito curto!"]);
    expect(await admin.getByTestId("import-error-5-email").locator("td").allTextContents()).toEqual(["5", "E-mail", "E-mail inválido"]);
    await admin.getByTestId("import-close").click();
    await admin.getByTestId("import-dialog").waitFor({ state: "detached" });

    // the first page, by name: Ana (merged with her second row), Bruno, then the bulk
    const firstPage = ["Ana Lima Souza", "Bruno Costa", ...Array.from({ length: 18 }, (_, i) => bulkName(i + 1))];
    await expect.poll(() => itemNames(admin)).toEqual(firstPage);
    expect(await admin.getByText("5511988882003").count()).toBe(1);
    // the durable check asks the sandbox about each number: the icons turn green
    await expect.poll(() => icons(admin), { timeout: 30_000 }).toEqual(firstPage.map(() => "true"));
    await expect.poll(() => itemNames(second)).toEqual(firstPage);
    await expect.poll(() => icons(second), { timeout: 30_000 }).toEqual(firstPage.map(() => "true"));
    await second.getByTestId("contact-list-items-search").fill("davi");
    await expect.poll(() => itemNames(second)).toEqual(["Davi Rocha"]);
  });

  it("adds a contact after the dialog's rules, edits it, deletes it after confirming; the second tab follows", async () => {
    await admin.getByTestId("contact-list-items-search").fill("melo");
    await admin.getByTestId("contact-list-items-empty").waitFor();
    await second.getByTestId("contact-list-items-search").fill("melo");
    await second.getByTestId("contact-list-items-empty").waitFor();

    await admin.getByTestId("contact-list-items-add").click();
    await admin.getByTestId("contact-list-item-name").fill("E");
    await admin.getByTestId("contact-list-item-number").fill("1234");
    await admin.getByTestId("contact-list-item-email").fill("eva@");
    await admin.getByTestId("contact-list-item-save").click();
    const dialog = admin.getByTestId("contact-list-item-dialog");
    await dialog.getByText("E-mail inválido").waitFor();
    expect(await dialog.getByText("Muito curto!").count()).toBe(2);
    await admin.getByTestId("contact-list-item-name").fill("Eva Melo");
    await admin.getByTestId("contact-list-item-number").fill("+55 11 98888-2005");
    await admin.getByTestId("contact-list-item-email").fill("eva@example.com");
    await admin.getByTestId("contact-list-item-save").click();
    await admin.getByText("Contato salvo com sucesso!").waitFor();
    await expect.poll(() => itemNames(admin)).toEqual(["Eva Melo"]);
    await expect.poll(() => itemNames(second)).toEqual(["Eva Melo"]);
    expect(await second.getByText("5511988882005").count()).toBe(1);
    await expect.poll(() => icons(second), { timeout: 30_000 }).toEqual(["true"]);

    await admin.locator('[data-testid^="contact-list-item-edit-"]').click();
    await expect.poll(() => admin.getByTestId("contact-list-item-name").inputValue()).toBe("Eva Melo");
    await admin.getByTestId("contact-list-item-name").fill("Eva Melo Reis");
    await admin.getByTestId("contact-list-item-save").click();
    await expect.poll(() => itemNames(second)).toEqual(["Eva Melo Reis"]);

    await admin.locator('[data-testid^="contact-list-item-delete-"]').click();
    await admin.getByTestId("confirm-dialog").getByText("Deseja realmente excluir esse registro?").waitFor();
    await admin.getByTestId("confirm-ok").click();
    await admin.getByText("Contato excluído com sucesso!").waitFor();
    await second.getByTestId("contact-list-items-empty").waitFor();
    await second.getByTestId("contact-list-items-search").fill("");
    await admin.getByTestId("contact-list-items-search").fill("");
  });

  it("fits a phone's screen (360 px), lists and contacts", async () => {
    await second.setViewportSize(PHONE);
    await second.waitForTimeout(300);
    expect(await sidewaysScroll(second)).toBe(0);
    for (const id of ["contact-list-items-search", "contact-list-items-back", "contact-list-import", "contact-list-items-add"]) await onPhoneScreen(second.getByTestId(id));
    for (const row of await second.locator('[data-testid^="contact-list-item-row-"]').all()) {
      await onPhoneScreen(row.locator('[data-testid^="contact-list-item-edit-"]'));
      await onPhoneScreen(row.locator('[data-testid^="contact-list-item-delete-"]'));
    }
    await second.getByTestId("contact-list-items-back").click();
    await second.waitForURL(/\/contact-lists$/);
    await second.getByTestId(`contact-list-row-${listId}`).waitFor();
    expect(await sidewaysScroll(second)).toBe(0);
    for (const id of ["contact-lists-search", "contact-lists-add", `contact-list-example-${listId}`, `contact-list-open-${listId}`, `contact-list-edit-${listId}`, `contact-list-delete-${listId}`]) {
      await onPhoneScreen(second.getByTestId(id));
    }
    expect(await second.getByTestId(`contact-list-count-${listId}`).textContent()).toBe(String(3 + BULK));
  });

  it("deletes the list after confirming: it leaves the open list pages, and its contacts page says so", async () => {
    await second.getByTestId(`contact-list-open-${listId}`).click();
    await second.waitForURL(new RegExp(`/contact-lists/${listId}/contacts$`));
    await second.locator('[data-testid^="contact-list-item-row-"]').first().waitFor();
    await admin.getByTestId("contact-list-items-back").click();
    await admin.waitForURL(/\/contact-lists$/);
    await admin.getByTestId(`contact-list-delete-${listId}`).click();
    await admin.getByTestId("confirm-dialog").getByText("Excluir Clientes VIP?").waitFor();
    await admin.getByTestId("confirm-ok").click();
    await admin.getByText("Lista de contatos excluída com sucesso!").waitFor();
    await admin.getByTestId("contact-lists-empty").waitFor();
    await second.getByTestId("contact-list-gone").getByText("Esta lista de contatos foi excluída.").waitFor();
  });
});
