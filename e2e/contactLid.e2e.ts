import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { api } from "./support/api";
import { signedInPage } from "./support/session";
import { adminApiSession, pairedSandbox, type InboundTicket } from "./support/workspace";

let server: RunningServer;
let browser: Browser;
let admin: Page;
const LID = "287364519283746";

describe.skipIf(!browserAvailable)("a customer WhatsApp knows by LID only", () => {
  let ticket: InboundTicket;

  beforeAll(async () => {
    ({ server, browser } = await startJourney());
    const { token } = await adminApiSession(server);
    const whatsapp = await pairedSandbox(server, token);
    ticket = (await api<{ ticket: InboundTicket }>(server.url, "POST", `/sandbox/${whatsapp.id}/inbound`, { lid: LID, name: "Lia Lopes", body: "Oi, meu número é oculto" }, whatsapp.token)).ticket;
    admin = await signedInPage(browser, server, ADMIN);
  });
  afterAll(() => stopJourney({ server, browser }));

  it("shows the LID on the ticket's contact panel and in the contact's modal", async () => {
    await admin.goto(`${server.url}/tickets/${ticket.uuid}`);
    await admin.getByText("Oi, meu número é oculto").first().waitFor();
    await admin.getByTestId("ticket-contact").click();
    await admin.getByTestId("contact-drawer-lid").waitFor();
    expect(await admin.getByTestId("contact-drawer-lid").textContent()).toContain(LID);
    await admin.getByTestId("contact-edit").click();
    expect(await admin.getByTestId("contact-lid").inputValue()).toBe(LID);
  });
});
