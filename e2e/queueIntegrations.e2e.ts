import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { api } from "./support/api";
import { browserAvailable } from "./support/browser";
import { startJourney, stopJourney } from "./support/journey";
import { ADMIN, type RunningServer } from "./support/server";
import { browserToken, signedInPage } from "./support/session";
import { simulateCustomer } from "./support/simulator";
import { adminApiSession, pairedSandbox } from "./support/workspace";

const PHONE = { width: 360, height: 740 };
const SECRET = "whsec_jornada_integracao_1234";
const NUMBER = "5511987650077";

let server: RunningServer;
let browser: Browser;
let admin: Page;
let customer: Page;
let receiver: http.Server;
let hookUrl = "";
const arrivals: { body: string; signed: boolean }[] = [];

/** The company's bot: answers each signed message, and hands over when the customer asks for a person. */
async function startBot() {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const signed = req.headers["x-balcao-signature"] === `sha256=${crypto.createHmac("sha256", SECRET).update(raw).digest("hex")}`;
      const text = String(JSON.parse(raw.toString("utf8")).message?.body ?? "");
      arrivals.push({ body: text, signed });
      if (!signed) return res.writeHead(401).end();
      const reply = text === "atendente" ? { messages: ["Vou chamar uma pessoa."], action: { type: "handover" } } : { messages: [`Robô: você disse "${text}"`] };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bot`;
}

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The customer sends a text on the simulator and waits for an answer containing `expected`. */
async function say(text: string, expected: string) {
  await customer.getByTestId("simulator-input").fill(text);
  await customer.getByTestId("simulator-send").click();
  await customer.locator('[data-testid^="simulator-message-"][data-direction="out"]').filter({ hasText: expected }).first().waitFor({ timeout: 15_000 });
}

describe.skipIf(!browserAvailable)("an admin puts a webhook bot in front of a queue (on a 360 px phone)", () => {
  let queueId: number;

  beforeAll(async () => {
    await startBot();
    ({ server, browser } = await startJourney({ WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true" }));
    const { token } = await adminApiSession(server);
    const queue = await api<{ id: number }>(server.url, "POST", "/queue", { name: "Robô", color: "#8e24aa" }, token);
    queueId = queue.id;
    await pairedSandbox(server, token, { name: "Central", queueIds: [queueId] });
    admin = await signedInPage(browser, server, ADMIN, { viewport: PHONE });
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("creates the integration on its page, with the fields of its type", async () => {
    await admin.goto(`${server.url}/queue-integration`);
    await admin.getByTestId("integrations-add").click();
    await admin.getByTestId("integration-type").click();
    await admin.getByTestId("integration-type-webhook").click();
    await admin.getByTestId("integration-save").click();
    // the spec's validation texts, translated
    await admin
      .getByTestId("integration-dialog")
      .getByText(/curto|short/i)
      .first()
      .waitFor();
    await admin.getByTestId("integration-name").fill("Robô de vendas");
    await admin.getByTestId("integration-urlN8N").fill(hookUrl);
    await admin.getByTestId("integration-secret").fill(SECRET);
    await admin.getByTestId("integration-save").click();
    await admin.getByTestId("integration-dialog").waitFor({ state: "detached" });
    const row = admin.locator('[data-testid^="integration-row-"]').filter({ hasText: "Robô de vendas" });
    await row.waitFor();
    await row.getByTestId("integration-logo-webhook").waitFor();
    expect(await sidewaysScroll(admin)).toBe(0);
  });

  it("attaches it to the queue in the queue's dialog", async () => {
    await admin.goto(`${server.url}/queues`);
    await admin.getByTestId(`queue-edit-${queueId}`).click();
    await admin.getByTestId("queue-integrationId").locator("xpath=..").getByRole("combobox").click();
    await admin.getByRole("option", { name: "Robô de vendas" }).click();
    const saved = admin.waitForResponse((r) => r.url().endsWith(`/queue/${queueId}`) && r.request().method() === "PUT");
    await admin.getByTestId("queue-save").click();
    expect((await saved).status()).toBe(200);
  });

  it("answers the simulated customer through the bot, then hands the ticket to a person", async () => {
    // one session per user: the simulator's page takes over from the admin's
    customer = await signedInPage(browser, server, ADMIN, { viewport: { width: 1280, height: 860 } });
    await simulateCustomer(customer, NUMBER, "Carla Dias");
    await say("quero um orçamento", 'Robô: você disse "quero um orçamento"');
    expect(arrivals.every((a) => a.signed)).toBe(true);
    await say("atendente", "Vou chamar uma pessoa.");
    // the attendants find it waiting in the queue, the bot off
    const token = await browserToken(customer);
    await expect
      .poll(async () =>
        (await api<{ tickets: { useIntegration: boolean; queueId: number; status: string; contact: { number: string } }[] }>(server.url, "GET", "/tickets?status=pending&showAll=true", undefined, token)).tickets.find(
          (tk) => tk.contact.number === NUMBER,
        ),
      )
      .toMatchObject({ useIntegration: false, queueId, status: "pending" });
    const before = arrivals.length;
    await customer.getByTestId("simulator-input").fill("alguém aí?");
    await customer.getByTestId("simulator-send").click();
    await new Promise((r) => setTimeout(r, 1000));
    expect(arrivals.length).toBe(before);
  });
});
