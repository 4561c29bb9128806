import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { startWebhookReceiver } from "../../test/webhookReceiver";
import { deliverDueWebhooks } from "../../jobs/deliverWebhooks";

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  t = await startTestApp({ env: { WEBHOOKS_ALLOW_PRIVATE_HOSTS: "true" } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe("outgoing webhooks from a real route", () => {
  it("a contact created through POST /contacts reaches the endpoint signed, with the presented contact", async () => {
    const a = await signUpCompany(t.http);
    const created = await t.http.post("/webhook-endpoints", { url: receiver.url, events: ["contact.created"] }, a.token);
    receiver.state.secret = created.body.secret;
    const contact = await t.http.post("/contacts", { name: "Cliente Webhook", number: "5511977776666", email: "cliente@example.com" }, a.token);
    expect([200, 201]).toContain(contact.status);
    expect(await deliverDueWebhooks(t.built.ctx)).toEqual({ succeeded: 1, retrying: 0, failed: 0 });
    expect(receiver.arrivals).toHaveLength(1);
    const [arrival] = receiver.arrivals;
    expect(arrival).toMatchObject({ type: "contact.created", signatureOk: true });
    const body = JSON.parse(arrival.body);
    expect(body).toMatchObject({ id: Number(arrival.eventId), type: "contact.created", companyId: a.company.id, data: { contactId: contact.body.id } });
    expect(body.data.contact).toEqual(contact.body);
  });
});
