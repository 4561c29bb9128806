import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { api } from "./support/api";
import { browserToken, signedInPage } from "./support/session";
import { CloudGraphStandIn } from "../server/src/test/standins/cloudGraph";

const PHONE_ID = "109876543210888";
const ACCESS_TOKEN = "EAAG-e2e-campaign-template-token";
const WABA = "102290129340888";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let graph: CloudGraphStandIn;
let token: string;
let whatsappId: number;

async function choose(page: Page, field: string, value: string) {
  await page.getByTestId(`campaign-field-${field}`).click();
  await page.getByTestId(`campaign-option-${field}-${value}`).click();
}

describe.skipIf(!browserAvailable)("an admin's campaign on a Cloud connection sends an approved template", () => {
  beforeAll(async () => {
    graph = await new CloudGraphStandIn({ phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, businessAccountId: WABA }).start();
    graph.templates = [
      { name: "oferta_cliente", language: "pt_BR", category: "MARKETING", status: "APPROVED", components: [{ type: "BODY", text: "Oi {{1}}, oferta para {{2}}." }] },
      { name: "promocao", language: "pt_BR", category: "MARKETING", status: "REJECTED", components: [{ type: "BODY", text: "Promoção!" }] },
    ];
    ({ server, browser } = await startJourney());
    admin = await signedInPage(browser, server, ADMIN);
    token = await browserToken(admin);
    const created = await api(
      server.url,
      "POST",
      "/whatsapp",
      {
        name: "Loja Cloud",
        channel: "cloud",
        cloud: { phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, appSecret: "e2e-app-secret-campaign", verifyToken: "verify-e2e-campaign", graphUrl: graph.url, businessAccountId: WABA },
      },
      token,
    );
    whatsappId = created.id;
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    await graph?.stop();
  });

  it("chooses the template and fills its variables with the contact's placeholders", async () => {
    await admin.getByTestId("menu-campaigns").click();
    await admin.getByTestId("campaigns-add").click();
    const dialog = admin.getByTestId("campaign-dialog");
    await dialog.getByTestId("campaign-name").fill("Oferta Cloud");
    expect(await dialog.getByTestId("campaign-template").count()).toBe(0);
    await choose(admin, "whatsappId", String(whatsappId));
    await dialog.getByTestId("campaign-template").waitFor({ timeout: 5000 });
    await admin.getByTestId("campaign-field-template").click();
    // only the approved one is offered
    expect(await admin.getByTestId("campaign-option-template-promocao-pt_BR").count()).toBe(0);
    await admin.getByTestId("campaign-option-template-oferta_cliente-pt_BR").click();
    await dialog.getByTestId("campaign-template-variable-1").fill("{nome}");
    await dialog.getByTestId("campaign-template-variable-2").fill("{numero}");
    await dialog.getByTestId("campaign-save").click();
    await dialog.waitFor({ state: "hidden", timeout: 5000 });
    const page = await api(server.url, "GET", "/campaigns/", undefined, token);
    const saved = page.records.find((c: { name: string }) => c.name === "Oferta Cloud");
    expect(saved.template).toMatchObject({ name: "oferta_cliente", language: "pt_BR", variables: ["{nome}", "{numero}"] });
  });
});
