import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { makeTestCertificates, type TestCertificates } from "../../test/standins/certificates";
import { EfiStandIn } from "../../test/standins/efi";
import { companies, invoices } from "../../db/schema";
import { advanceDueDate as nextDueDate } from "@balcao/common";
import { EfiProvider } from "./providers/efi";
import { ProviderError } from "./providers/provider";

const CLIENT = { id: "Client_Id_standin", secret: "Client_Secret_standin" };
const HMAC = "efi-hook-0123456789abcdef";
const checkout = { firstName: "João", lastName: "Lima", address2: "Av. Brasil, 500", city: "Recife", state: "PE", zipcode: "50000-000", country: "Brasil", taxId: "12.345.678/0001-90" };

let certs: TestCertificates;
let efi: EfiStandIn;
let t: TestApp;
const hook = () => `${t.url}/subscription/webhook?hmac=${HMAC}&ignorar=`;

beforeAll(async () => {
  certs = makeTestCertificates();
  efi = await new EfiStandIn(certs, CLIENT).start();
  t = await startTestApp({
    env: { EFI_API_URL: efi.url, EFI_CLIENT_ID: CLIENT.id, EFI_CLIENT_SECRET: CLIENT.secret, EFI_CERT_PATH: certs.clientPem, EFI_CA_PATH: certs.ca, EFI_PIX_KEY: "pix@balcao.example", EFI_WEBHOOK_SECRET: HMAC },
  });
});
afterAll(async () => {
  await t?.close();
  await efi?.stop();
  if (certs) fs.rmSync(certs.dir, { recursive: true, force: true });
});

describe("paying an invoice with Pix through Efí", () => {
  it("gets a token over mutual TLS, makes an immediate charge and answers its QR code in the spec's shape", async () => {
    const a = await signUpCompany(t.http);
    const [invoice] = (await t.http.get("/invoices/all", a.token)).body;
    const res = await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ invoiceId: invoice.id, qrcode: { qrcode: expect.stringMatching(/^000201/) }, valor: { original: "30.00" } });
    const [cob] = [...efi.cobs.values()];
    expect(cob).toMatchObject({ valor: "30.00", chave: "pix@balcao.example", status: "ATIVA", devedor: { cnpj: "12345678000190", nome: "João Lima" } });
    // the token is reused while it lasts
    await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token);
    expect(efi.tokenRequests).toBe(1);
  });

  it("a Pix webhook (twice at once) with the address's secret settles the invoice once; without it, nothing", async () => {
    const a = await signUpCompany(t.http);
    const [invoice] = (await t.http.get("/invoices/all", a.token)).body;
    await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token);
    const [row] = await t.built.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    const forged = await fetch(`${t.url}/subscription/webhook/pix`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pix: [{ txid: row.chargeId }] }) });
    expect(forged.status).toBe(401);
    // the secret, but Efí says the charge is still open
    const early = await fetch(hook() + "/pix", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ pix: [{ txid: row.chargeId }] }) });
    expect(early.status).toBe(200);
    expect((await t.built.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id)))[0].status).toBe("open");

    expect(await efi.pay(row.chargeId!, hook(), 2)).toEqual([200, 200]);
    const [paid] = await t.built.ctx.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(paid.status).toBe("paid");
    const [company] = await t.built.ctx.db.select().from(companies).where(eq(companies.id, a.company.id));
    expect(company.dueDate).toBe(nextDueDate(invoice.dueDate, "MENSAL"));
  });

  it("cannot reach Efí without the account's certificate", async () => {
    const noCert = new EfiProvider({ apiUrl: efi.url, clientId: CLIENT.id, clientSecret: CLIENT.secret, certPath: certs.serverCert, keyPath: certs.serverKey, caPath: certs.ca, pixKey: "x" });
    await expect(noCert.stateOf("a".repeat(32))).rejects.toBeInstanceOf(ProviderError);
  });
});
