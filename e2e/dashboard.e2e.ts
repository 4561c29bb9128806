import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { login, signedInPage } from "./support/session";
import { adminApiSession, customerSays, pairedSandbox } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let adminId: number;
let adminName: string;
let agentId: number;
const AGENT = { name: "Bruna Atendente", email: "bruna@example.com", password: "secret1" };

const cardValue = (key: string) => admin.getByTestId(`dashboard-card-${key}-value`).textContent();

describe.skipIf(!browserAvailable)("the admin reads the dashboard of his company", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // setup through the API first: the browser login of the admin closes this session afterwards
    const session = await adminApiSession(server);
    const token = session.token;
    adminId = session.user.id;
    adminName = session.user.name;
    agentId = (await api(server.url, "POST", "/users", { ...AGENT, profile: "user", queueIds: [] }, token)).id;
    const whatsapp = await pairedSandbox(server, token);
    const says = (number: string, body: string) => customerSays(server, whatsapp, { number, name: `Cliente ${number.slice(-4)}` }, body);
    // one conversation accepted and resolved, one accepted and still open, one waiting
    const finished = await says("5511900000001", "Olá, quero um orçamento");
    await api(server.url, "PUT", `/tickets/${finished.id}`, { status: "open", userId: adminId }, token);
    await api(server.url, "PUT", `/tickets/${finished.id}`, { status: "closed" }, token);
    const talking = await says("5511900000002", "Bom dia");
    await api(server.url, "PUT", `/tickets/${talking.id}`, { status: "open", userId: adminId }, token);
    await says("5511900000003", "Alguém aí?");

    admin = await signedInPage(browser, server, ADMIN, { viewport: { width: 1440, height: 1000 } });
  });
  afterAll(() => stopJourney({ server, browser }));

  it("lands on '/' and sees the six cards with the figures of the month", async () => {
    await admin.getByTestId("menu-dashboard").click();
    await admin.waitForURL(`${server.url}/`);
    for (const title of ["Em Conversa", "Aguardando", "Finalizados", "Novos Contatos", "T.M. de Conversa", "T.M. de Espera"]) {
      await admin.getByText(title, { exact: true }).first().waitFor();
    }
    await expect.poll(() => cardValue("supportHappening")).toBe("1");
    expect(await cardValue("supportPending")).toBe("1");
    expect(await cardValue("supportFinished")).toBe("1");
    expect(await cardValue("leads")).toBe("3");
    expect(await cardValue("avgSupportTime")).toMatch(/^\d+h \d{2}m$/);
    expect(await cardValue("avgWaitTime")).toMatch(/^\d+h \d{2}m$/);
  });

  it("sees the attendants with their current status, live", async () => {
    await expect.poll(() => admin.getByTestId(`dashboard-attendant-name-${adminId}`).textContent()).toBe(adminName);
    expect(await admin.getByTestId(`dashboard-attendant-status-${adminId}`).textContent()).toBe("Online");
    const agentStatus = admin.getByTestId(`dashboard-attendant-status-${agentId}`);
    expect(await agentStatus.textContent()).toBe("Offline");

    const agent = await (await browser.newContext()).newPage();
    await login(agent, server, AGENT);
    await expect.poll(() => agentStatus.getAttribute("data-online"), { timeout: 10_000 }).toBe("true");
    expect(await agentStatus.textContent()).toBe("Online");
    await agent.context().close();
  });

  it("asks for a parameter, then filters by the last 7 days", async () => {
    await admin.getByTestId("dashboard-filter-type").click();
    await admin.getByTestId("dashboard-filter-type-period").click();
    expect(await admin.getByTestId("dashboard-date-from").count()).toBe(0);
    await admin.getByTestId("dashboard-apply").click();
    await admin.getByText("Parametrize o filtro").waitFor();

    await admin.getByTestId("dashboard-period").click();
    await admin.getByTestId("dashboard-period-7").click();
    const filtered = admin.waitForResponse((r) => r.url().includes("/dashboard?days=7"));
    await admin.getByTestId("dashboard-apply").click();
    const body = (await (await filtered).json()) as { counters: Record<string, number> };
    expect(body.counters).toMatchObject({ supportHappening: 1, supportPending: 1, supportFinished: 1, leads: 3 });
    await expect.poll(() => cardValue("supportFinished")).toBe("1");
    expect(await cardValue("leads")).toBe("3");
    expect(await admin.getByTestId(`dashboard-attendant-name-${adminId}`).textContent()).toBe(adminName);
  });

  it("shows the charts of conversations per user and of tickets per day", async () => {
    const perUser = admin.getByTestId("dashboard-chart-users");
    await perUser.getByText("Total de Conversas por Usuários").waitFor();
    await perUser.getByText("Total: 1").waitFor();
    await perUser.locator("svg text", { hasText: adminName }).first().waitFor();
    await expect.poll(() => admin.getByTestId("dashboard-chart-days-total").textContent()).toBe("Total: 3");
  });
});
