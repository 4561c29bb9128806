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

const PHONE = { width: 360, height: 740 };

let server: RunningServer;
let browser: Browser;
let admin: Page;
let receiver: http.Server;
let hookUrl = "";
const secret = { value: "" };
const arrivals: { eventId: string; type: string; body: string; signed: boolean }[] = [];

/** The company's own system: records each POST and whether its signature matches the raw body. */
function startReceiver() {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks);
      const expected = `sha256=${crypto.createHmac("sha256", secret.value).update(raw).digest("hex")}`;
      arrivals.push({ eventId: String(req.headers["x-balcao-event-id"]), type: String(req.headers["x-balcao-event"]), body: raw.toString("utf8"), signed: req.headers["x-balcao-signature"] === expected });
      res.writeHead(204).end();
    });
  });
  return new Promise<void>((resolve) =>
    receiver.listen(0, "127.0.0.1", () => {
      hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/balcao`;
      resolve();
    }),
  );
}

/** Sideways scroll of the page: 0 when it fits the phone's screen. */
const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe.skipIf(!browserAvailable)("an admin connects the company's system with a webhook (on a 360 px phone)", () => {
  beforeAll(async () => {
    await startReceiver();
    ({ server, browser } = await startJourney({ WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true" }));
    admin = await signedInPage(browser, server, ADMIN, { viewport: PHONE });
  });
  afterAll(async () => {
    await stopJourney({ server, browser });
    receiver?.closeAllConnections();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it("adds an endpoint, keeps its secret, sees a signed delivery arrive in the log and sends it again", async () => {
    await admin.goto(`${server.url}/settings`);
    await admin.getByTestId("settings-tab-webhooks").click();
    await admin.getByTestId("webhooks-empty").waitFor();

    await admin.getByTestId("webhooks-add").click();
    await admin.getByTestId("webhook-url").fill(hookUrl);
    await admin.getByTestId("webhook-events").click();
    await admin.getByTestId("webhook-event-contact.created").click();
    await admin.keyboard.press("Escape");
    await admin.getByTestId("webhook-save").click();

    // the secret the server made is shown once
    const shown = admin.getByTestId("webhook-secret-value");
    await shown.waitFor();
    secret.value = await shown.inputValue();
    expect(secret.value).toMatch(/^whsec_/);
    await admin.getByTestId("webhook-secret-done").click();
    const card = admin.getByTestId("webhook-endpoint");
    await expect.poll(() => card.getByTestId("webhook-endpoint-url").textContent()).toBe(hookUrl);
    expect(await card.textContent()).toContain(secret.value.slice(-4));
    expect(await sidewaysScroll(admin)).toBe(0);

    // something happens in the company: a contact is created
    const contact = await api<{ id: number }>(server.url, "POST", "/contacts", { name: "Cliente Integrado", number: "5511955554444" }, await browserToken(admin));
    await expect.poll(() => arrivals.length, { timeout: 30_000 }).toBe(1);
    const [first] = arrivals;
    expect(first).toMatchObject({ type: "contact.created", signed: true });
    expect(JSON.parse(first.body).data.contact).toMatchObject({ id: contact.id, name: "Cliente Integrado" });

    await card.getByTestId("webhook-endpoint-deliveries").click();
    const delivery = admin.getByTestId("webhook-delivery");
    await expect.poll(() => delivery.getByTestId("webhook-delivery-status").getAttribute("data-status"), { timeout: 10_000 }).toBe("succeeded");
    expect(await delivery.getByTestId("webhook-delivery-code").textContent()).toBe("204");
    expect(await delivery.getByTestId("webhook-delivery-attempts").textContent()).toBe("1");
    expect(await sidewaysScroll(admin)).toBe(0);

    await delivery.getByTestId("webhook-delivery-retry").click();
    await expect.poll(() => arrivals.length, { timeout: 30_000 }).toBe(2);
    expect(arrivals[1]).toEqual(first);
    await expect.poll(() => delivery.getByTestId("webhook-delivery-attempts").textContent(), { timeout: 10_000 }).toBe("2");
  });
});
