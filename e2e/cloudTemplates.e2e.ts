import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import type { RunningServer } from "./support/server";
import { api } from "./support/api";
import { signedInPage } from "./support/session";
import { adminApiSession } from "./support/workspace";
import { CloudGraphStandIn } from "../server/src/test/standins/cloudGraph";

const PHONE_ID = "109876543210777";
const ACCESS_TOKEN = "EAAG-e2e-templates-token-0123";
const APP_SECRET = "e2e-app-secret-templates";
const WABA = "102290129340777";
const NUMBER = "5511987650077";
const AGENT = { name: "Bia Atendente", email: "bia@example.com", password: "segredo1" };

let server: RunningServer;
let browser: Browser;
let agent: Page;
let graph: CloudGraphStandIn;
let whatsappId: number;

/** Meta's webhook delivery of a customer's text, signed with the app secret, sent `hoursAgo`. */
async function customerWrote(body: string, hoursAgo: number) {
  const at = Math.floor((Date.now() - hoursAgo * 3_600_000) / 1000);
  const payload = {
    object: "whatsapp_business_account",
    entry: [
      {
        id: WABA,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "551140000000", phone_number_id: PHONE_ID },
              contacts: [{ profile: { name: "Carla Cloud" }, wa_id: NUMBER }],
              messages: [{ from: NUMBER, id: `wamid.E2E${Date.now()}`, timestamp: String(at), type: "text", text: { body } }],
            },
          },
        ],
      },
    ],
  };
  const raw = JSON.stringify(payload);
  const signature = `sha256=${crypto.createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`;
  const res = await fetch(`${server.url}/webhooks/whatsapp-cloud/${whatsappId}`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": signature }, body: raw });
  expect(res.status).toBe(200);
}

describe.skipIf(!browserAvailable)("an attendant answers a Cloud ticket whose 24-hour window closed with a template", () => {
  beforeAll(async () => {
    graph = await new CloudGraphStandIn({ phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, businessAccountId: WABA }).start();
    graph.templates = [
      { name: "retomar_atendimento", language: "pt_BR", category: "UTILITY", status: "APPROVED", components: [{ type: "BODY", text: "Olá {{1}}, ainda podemos ajudar com o seu pedido?" }] },
      { name: "promocao", language: "pt_BR", category: "MARKETING", status: "REJECTED", components: [{ type: "BODY", text: "Promoção!" }] },
    ];
    ({ server, browser } = await startJourney());
    const { token } = await adminApiSession(server);
    const queue = (await api(server.url, "POST", "/queue", { name: "Atendimento", color: "#1e88e5" }, token)).id;
    await api(server.url, "POST", "/users", { ...AGENT, profile: "user", queueIds: [queue] }, token);
    const created = await api(
      server.url,
      "POST",
      "/whatsapp",
      {
        name: "Loja Cloud",
        channel: "cloud",
        queueIds: [queue],
        cloud: { phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: "verify-e2e-templates", graphUrl: graph.url, businessAccountId: WABA },
      },
      token,
    );
    whatsappId = created.id;
    // the customer last wrote more than a day ago: only templates may go out
    await customerWrote("Quero saber do meu pedido", 25);
    agent = await signedInPage(browser, server, AGENT);
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    await graph?.stop();
  });

  it("sees the window closed, cannot type, and sends the template with its variable filled", async () => {
    await agent.getByTestId("tickets-subtab-pending").click();
    await agent.locator('[data-testid^="ticket-accept-"]').first().click();
    await agent.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await agent.locator('[data-testid="ticket-view"][data-status="open"]').waitFor();

    await agent.locator('[data-testid="service-window"][data-closed="true"]').waitFor();
    await agent.getByTestId("composer-window-closed").waitFor();
    expect(await agent.getByTestId("composer-input").isDisabled()).toBe(true);

    await agent.getByTestId("composer-template-closed").click();
    await agent.getByTestId("template-select").click();
    // a template Meta did not approve is not offered
    expect(await agent.getByTestId("template-option-promocao-pt_BR").count()).toBe(0);
    await agent.getByTestId("template-option-retomar_atendimento-pt_BR").click();
    const variable = agent.getByTestId("template-variable-1");
    await expect.poll(() => variable.inputValue(), { timeout: 5_000 }).toBe("Carla Cloud");
    await variable.fill("Carla");
    await expect.poll(() => agent.getByTestId("template-preview").textContent(), { timeout: 5_000 }).toBe("Olá Carla, ainda podemos ajudar com o seu pedido?");
    await agent.getByTestId("template-send").click();

    await agent.getByTestId("messages-list").getByText("Olá Carla, ainda podemos ajudar com o seu pedido?").waitFor();
    await expect.poll(() => graph.sends().length, { timeout: 10_000 }).toBe(1);
    expect(graph.sends()[0].json).toMatchObject({
      to: NUMBER,
      type: "template",
      template: { name: "retomar_atendimento", language: { code: "pt_BR" }, components: [{ type: "body", parameters: [{ type: "text", text: "Carla" }] }] },
    });
  });

  it("the customer answers: the window opens again and free text goes out", async () => {
    await customerWrote("Sim, por favor", 0);
    await agent.locator('[data-testid="service-window"][data-closed="false"]').waitFor({ timeout: 15_000 });
    await agent.getByTestId("composer-input").fill("Vamos lá!");
    await agent.getByTestId("composer-send").click();
    await agent.getByTestId("messages-list").getByText("Vamos lá!").waitFor();
    // signed with the attendant's name, as the composer does by default
    await expect.poll(() => graph.sends().at(-1)?.json?.text?.body, { timeout: 10_000 }).toMatch(/Vamos lá!$/);
  });
});
