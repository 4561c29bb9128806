import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import type { RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";

let server: RunningServer;
let browser: Browser;
let page: Page;
/** A second tab of the same admin, left open on /files. */
let other: Page;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const OWNER = { email: "dono.papelaria@example.com", password: "secret1" };
const PHONE = { width: 360, height: 740 };

/** How far the page scrolls sideways: 0 when it fits the screen. */
const sidewaysScroll = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function onPhoneScreen(p: Page, testId: string) {
  const box = await p.getByTestId(testId).first().boundingBox();
  expect(box, testId).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
}

const rowOf = (p: Page, name: string) => p.locator(`[data-testid^="file-list-row-"][data-name="${name}"]`);
const filesCell = (p: Page, name: string) => rowOf(p, name).locator('[data-testid^="file-list-files-"]');

/** The list as the API answers it, with the admin's own session. */
async function storedList(name: string) {
  const token = await browserToken(page);
  const res = await api(server.url, "GET", `/files/?searchParam=${encodeURIComponent(name.toLowerCase())}&pageNumber=1`, undefined, token);
  return res.files.find((f: { name: string }) => f.name === name);
}

const download = async (path: string) => fetch(server.url + path, { headers: { authorization: `Bearer ${await browserToken(page)}` } });

describe.skipIf(!browserAvailable)("file lists", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    await api(server.url, "POST", "/companies/cadastro", {
      name: "Papelaria Aurora",
      email: OWNER.email,
      phone: "(11) 97777-6666",
      password: OWNER.password,
      planId: 1,
      recurrence: "MENSAL",
      status: "t",
      campaignsEnabled: true,
    });
    page = await signedInPage(browser, server, OWNER);
    other = await page.context().newPage();
  });
  afterAll(() => stopJourney({ server, browser }));

  it("the admin creates a list with two options and their files; the other tab sees it arrive", async () => {
    await other.goto(`${server.url}/files`);
    await other.getByTestId("file-lists-empty").waitFor();
    await page.goto(`${server.url}/files`);
    await page.getByTestId("file-lists-empty").waitFor();

    await page.getByTestId("file-lists-add").click();
    const dialog = page.getByTestId("file-list-dialog");
    await page.getByTestId("file-list-save").click();
    expect(await dialog.getByText("Obrigatório").count()).toBe(3); // name, message and the empty option's name
    await page.getByTestId("file-list-name").fill("Ca");
    await page.getByTestId("file-list-save").click();
    await dialog.getByText("nome muito curto").waitFor();

    await page.getByTestId("file-list-name").fill("Catálogo de verão");
    await page.getByTestId("file-list-message").fill("Olá! Segue nosso catálogo de verão.");
    // a file names its option when it has no name yet
    await page.getByTestId("file-option-input-0").setInputFiles({ name: "tabela de precos.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect.poll(() => page.getByTestId("file-option-name-0").inputValue()).toBe("tabela de precos");
    await page.getByTestId("file-option-name-0").fill("Tabela de preços");
    await dialog.getByTestId("file-option-file-0").filter({ hasText: "tabela de precos.pdf" }).waitFor();
    await page.getByTestId("file-list-add-option").click();
    await page.getByTestId("file-option-name-1").fill("Foto da vitrine");
    await page.getByTestId("file-option-input-1").setInputFiles({ name: "vitrine.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("file-list-save").click();
    await dialog.waitFor({ state: "hidden" });

    const cell = filesCell(page, "Catálogo de verão");
    await cell.getByText("Tabela de preços").waitFor();
    await cell.getByText("Foto da vitrine").waitFor();
    await rowOf(page, "Catálogo de verão").getByText("Olá! Segue nosso catálogo de verão.").waitFor();

    // both files were uploaded, each to its option, and are read back with the token only
    await expect
      .poll(async () => (await storedList("Catálogo de verão"))?.options.map((o: { name: string; mediaName: string }) => [o.name, o.mediaName]))
      .toEqual([
        ["Tabela de preços", "tabela_de_precos.pdf"],
        ["Foto da vitrine", "vitrine.png"],
      ]);
    const [tabela, vitrine] = (await storedList("Catálogo de verão")).options;
    const pdf = await download(tabela.path);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await fetch(server.url + vitrine.path)).status).toBe(401);

    // live in the other tab, without a reload, files included
    const otherCell = filesCell(other, "Catálogo de verão");
    await otherCell.getByText("Foto da vitrine").waitFor({ timeout: 10_000 });
    await expect.poll(() => otherCell.locator(".MuiChip-filled").count(), { timeout: 10_000 }).toBe(2);
  });

  it("search finds it by name; another word shows the empty state", async () => {
    await page.getByTestId("file-lists-search").fill("VERÃO");
    await rowOf(page, "Catálogo de verão").waitFor();
    await page.getByTestId("file-lists-search").fill("inverno");
    await page.getByTestId("file-lists-empty").waitFor();
    await page.getByTestId("file-lists-search").fill("");
    await rowOf(page, "Catálogo de verão").waitFor();
  });

  it("editing removes one option (and its file); the other tab follows live", async () => {
    const before = await storedList("Catálogo de verão");
    await rowOf(page, "Catálogo de verão").locator('[data-testid^="file-list-edit-"]').click();
    const dialog = page.getByTestId("file-list-dialog");
    await dialog.getByTestId("file-option-file-1").filter({ hasText: "vitrine.png" }).waitFor();
    expect(await page.getByTestId("file-option-name-0").inputValue()).toBe("Tabela de preços");
    await page.getByTestId("file-option-remove-1").click();
    await page.getByTestId("file-option-name-1").waitFor({ state: "detached" });
    await page.getByTestId("file-list-save").click();
    await dialog.waitFor({ state: "hidden" });

    await expect.poll(() => filesCell(page, "Catálogo de verão").getAttribute("data-count")).toBe("1");
    await filesCell(page, "Catálogo de verão").getByText("Foto da vitrine").waitFor({ state: "detached" });
    await expect.poll(() => filesCell(other, "Catálogo de verão").getAttribute("data-count"), { timeout: 10_000 }).toBe("1");
    await filesCell(other, "Catálogo de verão").getByText("Tabela de preços").waitFor();
    expect(await filesCell(other, "Catálogo de verão").getByText("Foto da vitrine").count()).toBe(0);

    expect((await download(before.options[1].path)).status).toBe(404);
    expect((await download(before.options[0].path)).status).toBe(200);
  });

  it("fits a phone: the page, the row's actions and the dialog", async () => {
    await other.setViewportSize(PHONE);
    await rowOf(other, "Catálogo de verão").waitFor();
    expect(await sidewaysScroll(other)).toBe(0);
    for (const id of ["file-lists-add", "file-lists-search"]) await onPhoneScreen(other, id);
    await filesCell(other, "Catálogo de verão").getByText("1 arquivo").waitFor();
    const remove = rowOf(other, "Catálogo de verão").locator('[data-testid^="file-list-delete-"]');
    const box = await remove.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);

    await rowOf(other, "Catálogo de verão").locator('[data-testid^="file-list-edit-"]').click();
    await other.getByTestId("file-option-name-0").waitFor();
    for (const id of ["file-list-name", "file-option-name-0", "file-option-choose-0", "file-option-remove-0", "file-list-save"]) await onPhoneScreen(other, id);
    await other.getByTestId("file-list-cancel").click();
    await other.getByTestId("file-list-dialog").waitFor({ state: "hidden" });
  });

  it("deleting asks first; the list leaves both tabs", async () => {
    await rowOf(page, "Catálogo de verão").locator('[data-testid^="file-list-delete-"]').click();
    await page.getByText("Deseja realmente excluir esse registro?").waitFor();
    await page.getByRole("button", { name: "Excluir" }).click();
    await page.getByTestId("file-lists-empty").waitFor();
    await other.getByTestId("file-lists-empty").waitFor({ timeout: 10_000 });
  });
});
