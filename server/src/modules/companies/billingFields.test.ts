import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { AsaasStandIn } from "../../test/standins/asaas";
import { createAttendant } from "../../test/workspaceFixtures";
import { companies } from "../../db/schema";

const API_TOKEN = "aact_billing_fields_0123456789";
let t: TestApp;
let asaas: AsaasStandIn;
let root: string;

beforeAll(async () => {
  asaas = await new AsaasStandIn(API_TOKEN).start();
  t = await startTestApp({ env: { ASAAS_API_URL: asaas.url } });
  root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
  expect((await t.http.put("/settings/asaas", { value: API_TOKEN }, root)).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await asaas?.stop();
});

const BILLING = {
  billingName: "Padaria Pão Quente Ltda",
  billingDocument: "12.345.678/0001-90",
  billingAddress: "Rua das Flores, 10",
  billingAddress2: "Sala 3",
  billingCity: "São Paulo",
  billingState: "SP",
  billingZipcode: "01000-000",
  billingCountry: "Brasil",
};
/** As stored and answered: the document in digits. */
const STORED = { ...BILLING, billingDocument: "12345678000190" };
const NONE = Object.fromEntries(Object.keys(BILLING).map((k) => [k, null]));

const companyBody = (over: Record<string, unknown> = {}) => ({
  name: unique("Empresa "),
  email: `${unique("contato")}@example.com`,
  planId: 1,
  dueDate: "2099-03-15",
  ...over,
});

const checkout = { firstName: "Maria", lastName: "Souza", address2: "Av. Paulista, 1000", complement: "Conj. 42", city: "São Paulo", state: "SP", zipcode: "01310-100", country: "Brasil", taxId: "123.456.789-09" };

async function companyWithInvoice() {
  const a = await signUpCompany(t.http);
  const [invoice] = (await t.http.get("/invoices/all", a.token)).body;
  return { a, invoice };
}

describe("a company's billing name and address", () => {
  it("are set by the super user and answered by POST, PUT, GET /companies, /companies/list and /companies/:id", async () => {
    const created = await t.http.post("/companies", companyBody({ ...BILLING, password: "secret1" }), root);
    expect(created).toMatchObject({ status: 201, body: STORED });
    const id = created.body.id as number;
    const page = await t.http.get(`/companies?searchParam=${encodeURIComponent(created.body.name)}`, root);
    expect(page.body.companies).toEqual([expect.objectContaining({ id, ...STORED })]);
    expect((await t.http.get("/companies/list", root)).body.find((c: { id: number }) => c.id === id)).toMatchObject(STORED);
    expect(await t.http.get(`/companies/${id}`, root)).toMatchObject({ status: 200, body: STORED });

    // its own admin reads them too (the checkout starts from them)
    const owner = await t.http.login(created.body.email, "secret1");
    expect(await t.http.get(`/companies/${id}`, owner.token)).toMatchObject({ status: 200, body: STORED });

    // a field left out keeps its value; empty or null clears one
    const { billingCity: _city, ...withoutCity } = BILLING;
    const updated = await t.http.put(`/companies/${id}`, companyBody({ name: created.body.name, email: created.body.email, ...withoutCity, billingAddress2: "", billingState: null, billingName: "  Pão Quente  " }), root);
    expect(updated).toMatchObject({ status: 200, body: { ...STORED, billingName: "Pão Quente", billingAddress2: null, billingState: null, billingCity: "São Paulo" } });
    const untouched = await t.http.put(`/companies/${id}`, companyBody({ name: created.body.name, email: created.body.email }), root);
    expect(untouched.body).toMatchObject({ billingName: "Pão Quente", billingDocument: "12345678000190" });

    // a company made without them has none
    expect((await t.http.post("/companies", companyBody(), root)).body).toMatchObject(NONE);
    expect((await signUpCompany(t.http)).company).toMatchObject(NONE);
  });

  it("are refused with 400 naming the field when too long or not a CPF/CNPJ, and nothing changes", async () => {
    const created = await t.http.post("/companies", companyBody(BILLING), root);
    const cases: [string, unknown][] = [
      ["billingName", "x".repeat(201)],
      ["billingDocument", "123.456"],
      ["billingDocument", "1234567890123"],
      ["billingDocument", "abc.def.ghi-jk"],
      ["billingAddress", "r".repeat(201)],
      ["billingAddress2", "s".repeat(101)],
      ["billingCity", "c".repeat(121)],
      ["billingState", "e".repeat(61)],
      ["billingZipcode", "9".repeat(21)],
      ["billingCountry", "p".repeat(61)],
      ["billingCity", 42],
    ];
    for (const [field, value] of cases) {
      expect(await t.http.post("/companies", companyBody({ [field]: value }), root), field).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field } });
      const put = await t.http.put(`/companies/${created.body.id}`, companyBody({ name: created.body.name, email: created.body.email, [field]: value }), root);
      expect(put, field).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field } });
    }
    expect((await t.http.get(`/companies/${created.body.id}`, root)).body).toMatchObject(STORED);
    // a CPF is 11 digits, a CNPJ 14
    expect((await t.http.post("/companies", companyBody({ billingDocument: "123.456.789-09" }), root)).body.billingDocument).toBe("12345678909");
  });

  it("are written by the super user only, and no company admin reads another company's", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    expect((await t.http.put(`/companies/${b.company.id}`, companyBody({ name: b.company.name, email: b.email, ...BILLING }), root)).status).toBe(200);
    for (const token of [a.token, attendant.token]) {
      expect(await t.http.post("/companies", companyBody(BILLING), token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await t.http.put(`/companies/${a.company.id}`, companyBody({ name: a.company.name, email: a.email, ...BILLING }), token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      const other = await t.http.get(`/companies/${b.company.id}`, token);
      expect(other).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(JSON.stringify(other.body)).not.toContain("Flores");
    }
    // an attendant does not read even its own company's record
    expect((await t.http.get(`/companies/${a.company.id}`, attendant.token)).status).toBe(403);
    const [row] = await t.built.ctx.db.select().from(companies).where(eq(companies.id, a.company.id));
    expect(row.billingName).toBeNull();
  });
});

describe("the checkout keeps the billing name and address", () => {
  it("stores what a successful POST /subscription was asked with on the caller's company only, and again when the same charge is asked for", async () => {
    const { a, invoice } = await companyWithInvoice();
    const b = await signUpCompany(t.http);
    expect((await t.http.put(`/companies/${b.company.id}`, companyBody({ name: b.company.name, email: b.email, ...BILLING }), root)).status).toBe(200);

    const res = await t.http.post("/subscription", { ...checkout, invoiceId: invoice.id }, a.token);
    expect(res.status).toBe(200);
    const expected = {
      billingName: "Maria Souza",
      billingDocument: "12345678909",
      billingAddress: "Av. Paulista, 1000",
      billingAddress2: "Conj. 42",
      billingCity: "São Paulo",
      billingState: "SP",
      billingZipcode: "01310-100",
      billingCountry: "Brasil",
    };
    expect((await t.http.get(`/companies/${a.company.id}`, a.token)).body).toMatchObject(expected);
    expect((await t.http.get(`/companies/${b.company.id}`, root)).body).toMatchObject(STORED);
    const customer = [...asaas.customers.values()].find((c) => c.externalReference === `company:${a.company.id}`);
    expect(customer).toMatchObject({ name: "Maria Souza", address: "Av. Paulista, 1000", complement: "Conj. 42", cpfCnpj: "12345678909" });

    // the same open charge answered again: what was entered this time is kept
    const again = await t.http.post("/subscription", { ...checkout, firstName: "Maria Souza Lima", lastName: "", complement: "", state: "", invoiceId: invoice.id }, a.token);
    expect(again.body.qrcode.qrcode).toBe(res.body.qrcode.qrcode);
    expect((await t.http.get(`/companies/${a.company.id}`, a.token)).body).toMatchObject({ ...expected, billingName: "Maria Souza Lima", billingAddress2: null, billingState: null });
  });

  it("keeps nothing when the checkout is refused", async () => {
    const { a, invoice } = await companyWithInvoice();
    expect(await t.http.post("/subscription", { ...checkout, taxId: "123", invoiceId: invoice.id }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "taxId" } });
    expect(await t.http.post("/subscription", { ...checkout, firstName: "n".repeat(150), lastName: "s".repeat(60), invoiceId: invoice.id }, a.token)).toMatchObject({
      status: 400,
      body: { error: "ERR_VALIDATION", field: "lastName" },
    });
    expect(await t.http.post("/subscription", { ...checkout, invoiceId: 2_000_000 }, a.token)).toMatchObject({ status: 404 });
    expect((await t.http.get(`/companies/${a.company.id}`, a.token)).body).toMatchObject(NONE);
  });
});
