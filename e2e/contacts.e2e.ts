import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import * as XLSX from "@e965/xlsx";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";
import { pairedSandbox } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let workDir: string;

/** The spreadsheet an admin would prepare: Portuguese headers, one row whose name is too short (sheet row 3). */
async function contactsSpreadsheet(): Promise<string> {
  const book = XLSX.utils.book_new();
  const rows = [
    ["Nome", "Número", "E-mail"],
    ["Ana Lima", "+55 (11) 98888-1001", "ana@example.com"],
    ["X", "5511988881002", "x@example.com"],
    ["Bruno Costa", 5511988881003, ""],
    ["Carla Dias", "5511988881004", "carla@example.com"],
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Contatos");
  const file = path.join(workDir, "contatos.xlsx");
  await fs.writeFile(file, XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer);
  return file;
}

const rowNames = (page: Page) => page.locator('[data-testid^="contact-name-"]').allTextContents();

describe.skipIf(!browserAvailable)("an admin imports contacts from a spreadsheet and works with them", () => {
  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-contacts-e2e-"));
    ({ server, browser } = await startJourney());
    admin = await signedInPage(browser, server, ADMIN, { acceptDownloads: true });
    // a paired sandbox connection: the default one, which checks numbers and carries new tickets
    await pairedSandbox(server, await browserToken(admin));
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it("imports an .xlsx: the progress, then a report naming the bad row, and the good contacts in the list", async () => {
    await admin.getByTestId("menu-contacts").click();
    await admin.waitForURL(/\/contacts$/);
    await admin.getByTestId("contacts-empty").waitFor();

    // hold the upload at the server's door long enough to see the progress
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await admin.route("**/contacts/import", async (route) => {
      await held;
      await route.continue();
    });
    const imported = admin.waitForResponse((r) => r.url().endsWith("/contacts/import") && r.request().method() === "POST");
    await admin.getByTestId("contacts-import-input").setInputFiles(await contactsSpreadsheet());
    await admin.getByTestId("import-dialog").waitFor();
    await admin.getByTestId("import-progress").waitFor();
    release();
    expect((await imported).status()).toBe(200);
    await admin.unroute("**/contacts/import");

    await admin.getByTestId("import-result").waitFor();
    expect(await admin.getByTestId("import-created").textContent()).toBe("3");
    expect(await admin.getByTestId("import-error-count").textContent()).toBe("1");
    const badRow = admin.getByTestId("import-error-3-name");
    expect(await badRow.locator("td").allTextContents()).toEqual(["3", "Nome", "Muito curto!"]);
    await admin.getByTestId("import-close").click();
    await admin.getByTestId("import-dialog").waitFor({ state: "detached" });

    await expect.poll(() => rowNames(admin)).toEqual(["Ana Lima", "Bruno Costa", "Carla Dias"]);
    expect(await admin.getByTestId("page-title").textContent()).toBe("Contatos (3)");
    expect(await admin.getByText("5511988881003").count()).toBe(1);
  });

  it("searches a contact after the pause, and exports the list as .xlsx", async () => {
    await admin.getByTestId("contacts-search").fill("bruno");
    await expect.poll(() => rowNames(admin)).toEqual(["Bruno Costa"]);
    await admin.getByTestId("contacts-search").fill("");
    await expect.poll(() => rowNames(admin)).toEqual(["Ana Lima", "Bruno Costa", "Carla Dias"]);

    await admin.getByTestId("contacts-export").click();
    const download = admin.waitForEvent("download");
    await admin.getByTestId("contacts-export-xlsx").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = XLSX.read(await fs.readFile((await file.path())!), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: true, defval: "" });
    expect(rows).toEqual([
      ["name", "number", "email"],
      ["Ana Lima", "5511988881001", "ana@example.com"],
      ["Bruno Costa", "5511988881003", ""],
      ["Carla Dias", "5511988881004", "carla@example.com"],
    ]);
  });

  it("deletes a contact after confirming", async () => {
    await admin.locator('[data-testid^="contact-row-"]', { hasText: "Carla Dias" }).locator('[data-testid^="contact-delete-"]').click();
    await admin.getByTestId("confirm-dialog").getByText("Deseja realmente excluir esse registro?").waitFor();
    await admin.getByTestId("confirm-ok").click();
    await admin.getByText("Contato excluído com sucesso!").waitFor();
    await expect.poll(() => rowNames(admin)).toEqual(["Ana Lima", "Bruno Costa"]);
  });

  it("opens a new ticket from a contact and lands in its conversation", async () => {
    await admin.getByTestId("contacts-search").fill("bruno");
    await expect.poll(() => rowNames(admin)).toEqual(["Bruno Costa"]);
    await admin.locator('[data-testid^="contact-new-ticket-"]').click();
    const modal = admin.getByTestId("new-ticket-modal");
    await modal.waitFor();
    expect(await admin.getByTestId("new-ticket-contact").inputValue()).toBe("Bruno Costa - 5511988881003");
    const created = admin.waitForResponse((r) => /\/tickets$/.test(r.url()) && r.request().method() === "POST");
    await admin.getByTestId("new-ticket-save").click();
    const ticket = (await (await created).json()) as { uuid: string };
    await admin.waitForURL(new RegExp(`/tickets/${ticket.uuid}$`));
    await expect.poll(() => admin.getByTestId("ticket-contact-name").textContent()).toMatch(/^Bruno Costa/);
  });
});
