import { promises as fs } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";
import { adminApiSession, customerSays, pairedSandbox } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let adminName: string;

const totalCell = (column: number) =>
  admin
    .getByTestId("reports-row-total")
    .locator("td")
    .nth(column)
    .textContent()
    .catch(() => null);

describe.skipIf(!browserAvailable)("the admin reads the service report and exports it", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    const session = await adminApiSession(server);
    adminName = session.user.name;
    const whatsapp = await pairedSandbox(server, session.token);
    const says = (number: string, body: string) => customerSays(server, whatsapp, { number, name: `Cliente ${number.slice(-4)}` }, body);
    const finished = await says("5511900000011", "Olá, quero um orçamento");
    await api(server.url, "PUT", `/tickets/${finished.id}`, { status: "open", userId: session.user.id }, session.token);
    await api(server.url, "PUT", `/tickets/${finished.id}`, { status: "closed" }, session.token);
    await says("5511900000012", "Bom dia");
    admin = await signedInPage(browser, server, ADMIN, { viewport: { width: 1280, height: 900 } });
  });
  afterAll(() => stopJourney({ server, browser }));

  it("opens Reports from the menu and sees the period's conversations per day", async () => {
    await admin.getByTestId("menu-reports").click();
    await admin.waitForURL(`${server.url}/reports`);
    await admin.getByTestId("reports-table").waitFor();
    const token = await browserToken(admin);
    // the page's default: the last 30 days up to today
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const today = new Date();
    const from = day(new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29));
    const to = day(today);
    const report = await api(server.url, "GET", `/reports/service?from=${from}&to=${to}`, undefined, token);
    expect(report.totals.conversations).toBeGreaterThanOrEqual(2);
    await expect.poll(() => totalCell(0), { timeout: 5_000 }).toBe(String(report.totals.conversations));
    expect(await admin.getByTestId("reports-chart-figures").isVisible()).toBe(true);
  });

  it("switches the dimension to attendants", async () => {
    await admin.getByTestId("reports-group-by").click();
    await admin.getByTestId("reports-group-by-attendant").click();
    await admin.getByTestId("reports-table").getByText(adminName, { exact: true }).waitFor({ timeout: 5_000 });
  });

  it("exports the table as CSV and sees the progress bar finish", async () => {
    const download = admin.waitForEvent("download");
    await admin.getByTestId("reports-export-csv").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^service-attendant-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await fs.readFile((await file.path())!)).toString("utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    // the page speaks Portuguese, and so does the file it downloads
    expect(lines[0]).toMatch(/^Chave,Nome,Conversas,/);
    expect(lines.some((line) => line.includes(adminName))).toBe(true);
    expect(lines.at(-1)).toMatch(/^,Total,\d+,/);
    await admin.locator('[data-testid="reports-export-progress"][data-done="true"]').waitFor({ timeout: 5_000 });
  });
});
