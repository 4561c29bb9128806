import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { AsaasStandIn } from "../../test/standins/asaas";
import { companies, invoices } from "../../db/schema";
import { advanceDueDate as nextDueDate } from "@balcao/common";

const API_TOKEN = "aact_standin_0123456789";
const WEBHOOK_TOKEN = "whk-standin-0123456789abcdef";
const checkout = {
  firstName: "Maria",
  lastName: "Souza",
  address2: "Rua das Flores, 10",
  city: "São Paulo",
  state: "SP",
  zipcode: "01000-000",
  country: "Brasil",
  taxId: "123.456.789-09",
  plan: "{}",
  price: 1,
  users: 1,
  connections: 1,
  cardNumber: "4111111111111111",
  cvv: "123",
};

let t: TestApp;
let asaas: AsaasStandIn;
let superToken: string;
const webhookUrl = () => `${t.url}/subscription/asaaswebhook`;

beforeAll(async () => {
  asaas = await new AsaasStandIn(API_TOKEN).start();
  t = await startTestApp({ env: { ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN } });
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
  expect((await t.http.put("/settings/asaas", { value: API_TOKEN }, superToken)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await asaas?.stop();
});

async function companyWithInvoice() {
  const a = await signUpCompany(t.http);
  const [invoice] = (await t.http.get("/invoices/all", a.token)).body;
  return { a, invoice };
}

describe("paying an invoice with Pix through Asaas", () => {
  it("answers the spec's Pix shape, the same charge when asked again, and never sends card data on", async () => {
    const { a, invoice } = await companyWithInvoice();
    const res = await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invoiceId: invoice.id, qrcode: { qrcode: expect.stringMatching(/^000201/), imagemQrcode: expect.stringMatching(/^data:image\/png;base64,/) }, valor: { original: "30.00" } });
    const again = await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token);
    expect(again.body.qrcode.qrcode).toBe(res.body.qrcode.qrcode);
    expect([...asaas.payments.values()].filter((p) => p.externalReference === `invoice:${invoice.id}`)).toHaveLength(1);
    const sent = JSON.stringify(asaas.requests);
    expect(sent).not.toContain("4111111111111111");
    expect(sent).toContain("12345678909");
  });

  it("a paid webhook, delivered twice at once, marks the invoice paid and moves the due date on once, live", async () => {
    const { a, invoice } = await companyWithInvoice();
    const charge = await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token);
    const paymentId = [...asaas.payments.values()].find((p) => p.externalReference === `invoice:${invoice.id}`)!.id;
    const socket = await connectSocket(t.url, a.token);
    try {
      const event = nextEvent(socket, `company-${a.company.id}-payment`, 5_000);
      expect(await asaas.pay(paymentId, webhookUrl(), WEBHOOK_TOKEN, 2)).toEqual([200, 200]);
      const expected = nextDueDate(invoice.dueDate, "MENSAL");
      expect(await event).toMatchObject({ action: "CONCLUIDA", company: { id: a.company.id, dueDate: expected } });
      const [company] = await t.built.ctx.db.select().from(companies).where(eq(companies.id, a.company.id));
      expect(company.dueDate).toBe(expected);
      const [row] = await t.built.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row).toMatchObject({ status: "paid" });
      expect(row.paidAt).not.toBeNull();
      // a third delivery changes nothing
      expect(await asaas.pay(paymentId, webhookUrl(), WEBHOOK_TOKEN)).toEqual([200]);
      expect((await t.built.ctx.db.select().from(companies).where(eq(companies.id, a.company.id)))[0].dueDate).toBe(expected);
      expect(charge.status).toBe(200);
      expect(await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token)).toMatchObject({ status: 409, body: { error: "ERR_INVOICE_ALREADY_PAID" } });
      expect((await t.http.get("/invoices/all", a.token)).body.find((i: { id: number }) => i.id === invoice.id)).toMatchObject({ status: "paid" });
    } finally {
      socket.disconnect();
    }
  });

  it("refuses a webhook without the right token, and believes only Asaas about a payment", async () => {
    const { a, invoice } = await companyWithInvoice();
    await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token);
    const payment = [...asaas.payments.values()].find((p) => p.externalReference === `invoice:${invoice.id}`)!;
    const forged = (token?: string) =>
      fetch(webhookUrl(), {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { "asaas-access-token": token } : {}) },
        body: JSON.stringify({ event: "PAYMENT_RECEIVED", payment: { id: payment.id } }),
      }).then((r) => r.status);
    expect(await forged()).toBe(401);
    expect(await forged("wrong-token-0123456789")).toBe(401);
    // the right token, but Asaas says the payment is still pending
    expect(await forged(WEBHOOK_TOKEN)).toBe(200);
    const [row] = await t.built.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row.status).toBe("open");
    expect((await t.built.ctx.db.select().from(companies).where(eq(companies.id, a.company.id)))[0].dueDate).toBe(a.company.dueDate);
    // an unknown payment or another event is taken and ignored (Asaas stops sending it)
    const other = await fetch(webhookUrl(), {
      method: "POST",
      headers: { "content-type": "application/json", "asaas-access-token": WEBHOOK_TOKEN },
      body: JSON.stringify({ event: "PAYMENT_CREATED", payment: { id: "pay_unknown" } }),
    });
    expect(other.status).toBe(200);
  });

  it("validates the checkout with the spec's messages, and keeps each company to its own invoices", async () => {
    const { a, invoice } = await companyWithInvoice();
    const b = await signUpCompany(t.http);
    for (const [field, message] of [
      ["firstName", "O nome completo é obrigatório"],
      ["address2", "O Endereço é obrigatório"],
      ["city", "Cidade é obrigatória"],
      ["zipcode", "CEP é obrigatório"],
      ["country", "País é obrigatório"],
    ]) {
      const res = await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id, [field]: "" }, a.token);
      expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field } });
      expect(res.body.message).toContain(message);
    }
    expect((await t.http.post("/subscription", { ...checkout }, a.token)).body).toMatchObject({ error: "ERR_VALIDATION", field: "invoiceId" });
    expect(await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, b.token)).toMatchObject({ status: 404 });
    expect((await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id })).status).toBe(401);
  });

  it("says so when no provider is configured or Asaas refuses, and changes nothing", async () => {
    const { a, invoice } = await companyWithInvoice();
    expect((await t.http.put("/settings/asaas", { value: "aact_wrong_token" }, superToken)).status).toBe(200);
    expect(await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token)).toMatchObject({ status: 502, body: { error: "ERR_PAYMENT_PROVIDER" } });
    expect((await t.http.put("/settings/asaas", { value: "" }, superToken)).status).toBe(200);
    expect(await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token)).toMatchObject({ status: 503, body: { error: "ERR_PAYMENTS_NOT_CONFIGURED" } });
    const [row] = await t.built.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row).toMatchObject({ status: "open", chargeId: null });
    expect((await t.http.put("/settings/asaas", { value: API_TOKEN }, superToken)).status).toBe(200);
  });
});
