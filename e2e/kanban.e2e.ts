import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";
import { adminApiSession, customerSays, pairedSandbox, type SandboxConnection } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let tagId: number;
let ticketId: number;
let whatsapp: SandboxConnection;

/** Drags with the real mouse, in small steps, from the middle of `from` to the middle of `to`. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + 12);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + 20, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + 80, { steps: 15 });
  await page.mouse.up();
}

describe.skipIf(!browserAvailable)("an admin moves a ticket across the kanban board", () => {
  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    // setup through the API first: the browser login of the admin closes this session
    const { token } = await adminApiSession(server);
    tagId = (await api(server.url, "POST", "/tags", { name: "Em negociação", color: "#7B1FA2", kanban: 1 }, token)).id;
    await api(server.url, "POST", "/tags", { name: "Sem coluna", color: "#455A64", kanban: 0 }, token);
    whatsapp = await pairedSandbox(server, token);
    ticketId = (await customerSays(server, whatsapp, { number: "5511977770001", name: "Bruna Compradora" }, "Quero um orçamento do sofá")).id;

    admin = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("shows the open lane and one lane per kanban tag, with the customer's card", async () => {
    await admin.getByTestId("menu-kanban").click();
    await admin.waitForURL(/\/kanban$/);
    const open = admin.getByTestId("kanban-lane-open");
    await open.getByTestId(`kanban-card-${ticketId}`).waitFor();
    expect(await admin.getByTestId("kanban-lane-title-open").textContent()).toBe("Em aberto");
    expect(await admin.getByTestId(`kanban-lane-title-${tagId}`).textContent()).toBe("Em negociação");
    expect(await admin.locator('[data-testid^="kanban-lane-title-"]').count()).toBe(2);
    const card = await open.getByTestId(`kanban-card-${ticketId}`).textContent();
    expect(card).toContain(`#${ticketId}`);
    expect(card).toContain("Bruna Compradora");
    expect(card).toContain("5511977770001");
    expect(card).toContain("Quero um orçamento do sofá");
    expect(await admin.getByTestId(`kanban-view-${ticketId}`).textContent()).toBe("Ver Ticket");
  });

  it("drags the card to the tag's lane with the mouse", async () => {
    const open = admin.getByTestId("kanban-lane-open");
    const lane = admin.getByTestId(`kanban-lane-${tagId}`);
    const added = admin.waitForResponse((r) => r.url().endsWith(`/ticket-tags/${ticketId}/${tagId}`) && r.request().method() === "PUT");
    await drag(admin, open.getByTestId(`kanban-card-${ticketId}`), lane);
    expect((await added).status()).toBe(201);
    await admin.getByText("Ticket Tag Adicionado com Sucesso!").waitFor();
    await lane.getByTestId(`kanban-card-${ticketId}`).waitFor();
    expect(await open.getByTestId(`kanban-card-${ticketId}`).count()).toBe(0);
    expect(await admin.getByTestId(`kanban-lane-count-${tagId}`).textContent()).toBe("1");

    // the server agrees: the ticket carries the tag
    const ticket = await api(server.url, "GET", `/tickets/${ticketId}`, undefined, await browserToken(admin));
    expect(ticket.tags.map((t: { id: number }) => t.id)).toContain(tagId);

    // and after a reload the card is still in the tag's lane
    await admin.reload();
    await lane.getByTestId(`kanban-card-${ticketId}`).waitFor();
  });

  it("puts a new customer's ticket on the open lane live", async () => {
    const ticket = await customerSays(server, whatsapp, { number: "5511977770002", name: "Caio Curioso" }, "Vocês entregam no sábado?");
    const card = admin.getByTestId("kanban-lane-open").getByTestId(`kanban-card-${ticket.id}`);
    await card.waitFor();
    expect(await card.textContent()).toContain("Vocês entregam no sábado?");
  });

  it("opens the ticket from its card", async () => {
    await admin.getByTestId(`kanban-view-${ticketId}`).click();
    await admin.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  });
});
