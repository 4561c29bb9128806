import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { contacts } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

/** Local noon of a day, so the day is the same in any server time zone offset under 12 h. */
const noon = (day: string) => new Date(`${day}T12:00:00`);
const names = (body: { contacts: { name: string }[] }) => body.contacts.map((c) => c.name);

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  const rows = Array.from({ length: 33 }, (_, i) => ({
    companyId: a.company.id,
    name: `Cliente ${String(i).padStart(2, "0")}`,
    number: `55119${String(i).padStart(8, "0")}`,
    createdAt: noon(i < 3 ? `2024-03-0${i + 1}` : "2024-02-01"),
  }));
  await t.built.ctx.db
    .insert(contacts)
    .values([
      ...rows,
      { companyId: a.company.id, name: "Beatriz Oliveira", number: "5531987654321", email: "bia@example.com", createdAt: noon("2024-01-15") },
      { companyId: b.company.id, name: "Cliente Da Outra", number: "5511900000001", createdAt: noon("2024-03-01") },
    ]);
});
afterAll(async () => t?.close());

describe("GET /contacts", () => {
  it("pages 30 at a time ordered by name, with count and hasMore, within the caller's company", async () => {
    const page1 = await t.http.get("/contacts", a.token);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ count: 34, hasMore: true });
    expect(page1.body.contacts).toHaveLength(30);
    expect(names(page1.body).slice(0, 3)).toEqual(["Beatriz Oliveira", "Cliente 00", "Cliente 01"]);
    expect(page1.body.contacts[0]).toMatchObject({ name: "Beatriz Oliveira", number: "5531987654321", email: "bia@example.com", urlPicture: "", extraInfo: [], companyId: a.company.id });
    const page2 = await t.http.get("/contacts?pageNumber=2", a.token);
    expect(page2.body).toMatchObject({ count: 34, hasMore: false });
    expect(names(page2.body)).toEqual(["Cliente 29", "Cliente 30", "Cliente 31", "Cliente 32"]);
    const other = await t.http.get("/contacts", b.token);
    expect(names(other.body)).toEqual(["Cliente Da Outra"]);
  });

  it("searches name or number, ignoring case and number formatting", async () => {
    expect(names((await t.http.get("/contacts?searchParam=BEATRIZ", a.token)).body)).toEqual(["Beatriz Oliveira"]);
    expect(names((await t.http.get("/contacts?searchParam=cliente%2003", a.token)).body)).toEqual(["Cliente 03"]);
    expect(names((await t.http.get("/contacts?searchParam=98765", a.token)).body)).toEqual(["Beatriz Oliveira"]);
    expect(names((await t.http.get(`/contacts?searchParam=${encodeURIComponent("(31) 98765-4321")}`, a.token)).body)).toEqual(["Beatriz Oliveira"]);
    expect((await t.http.get("/contacts?searchParam=da%20outra", a.token)).body).toMatchObject({ contacts: [], count: 0, hasMore: false });
    expect((await t.http.get("/contacts?searchParam=100%25", a.token)).body.count).toBe(0); // % is literal text
    // accented letters too, and a renamed contact is found by its new name only
    const [accented] = await t.built.ctx.db.insert(contacts).values({ companyId: a.company.id, name: "JOÃO ÁVILA", number: "5521912345678" }).returning();
    expect(names((await t.http.get(`/contacts?searchParam=${encodeURIComponent("joão ávila")}`, a.token)).body)).toEqual(["JOÃO ÁVILA"]);
    await t.built.ctx.db.update(contacts).set({ name: "Joana Prado" }).where(eq(contacts.id, accented.id));
    expect(names((await t.http.get("/contacts?searchParam=PRADO", a.token)).body)).toEqual(["Joana Prado"]);
    expect((await t.http.get(`/contacts?searchParam=${encodeURIComponent("ávila")}`, a.token)).body.count).toBe(0);
    await t.built.ctx.db.delete(contacts).where(eq(contacts.id, accented.id));
  });

  it("pages a search with its exact count, also past the last match", async () => {
    const page1 = await t.http.get("/contacts?searchParam=cliente", a.token);
    expect(page1.body).toMatchObject({ count: 33, hasMore: true });
    expect(names(page1.body).slice(0, 2)).toEqual(["Cliente 00", "Cliente 01"]);
    const page2 = await t.http.get("/contacts?searchParam=cliente&pageNumber=2", a.token);
    expect(page2.body).toMatchObject({ count: 33, hasMore: false });
    expect(names(page2.body)).toEqual(["Cliente 30", "Cliente 31", "Cliente 32"]);
    expect((await t.http.get("/contacts?searchParam=cliente&pageNumber=3", a.token)).body).toEqual({ contacts: [], count: 33, hasMore: false });
    expect((await t.http.get("/contacts?searchParam=cliente&dateStart=2024-03-02", a.token)).body).toMatchObject({ count: 2, hasMore: false });
  });

  it("filters by creation day (date) and by a range (dateStart, dateEnd)", async () => {
    expect(names((await t.http.get("/contacts?date=2024-03-02", a.token)).body)).toEqual(["Cliente 01"]);
    expect(names((await t.http.get("/contacts?dateStart=2024-03-02&dateEnd=2024-03-03", a.token)).body)).toEqual(["Cliente 01", "Cliente 02"]);
    expect(names((await t.http.get("/contacts?dateEnd=2024-01-31", a.token)).body)).toEqual(["Beatriz Oliveira"]);
    expect((await t.http.get("/contacts?dateStart=2024-03-01", a.token)).body.count).toBe(3);
    expect((await t.http.get("/contacts?date=", a.token)).body.count).toBe(34);
  });

  it("rejects a malformed page or date with a 400 naming the parameter", async () => {
    expect(await t.http.get("/contacts?pageNumber=0", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "pageNumber" } });
    expect(await t.http.get("/contacts?date=03/02/2024", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "date", message: "date: Invalid value" } });
    expect(await t.http.get("/contacts?dateStart=2024-13-45", a.token)).toMatchObject({ status: 400, body: { field: "dateStart" } });
  });

  it("needs a signed-in caller", async () => {
    expect((await t.http.get("/contacts")).status).toBe(401);
  });
});

describe("GET /contacts/list", () => {
  it("lists every contact of the caller's company in the short shape, whatever companyId is sent", async () => {
    const res = await t.http.get(`/contacts/list?companyId=${b.company.id}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(34);
    expect(res.body[0]).toEqual({ id: expect.any(Number), name: "Beatriz Oliveira", number: "5531987654321", email: "bia@example.com", profilePicUrl: "" });
  });

  it("caps a search at 50 results", async () => {
    const c = await signUpCompany(t.http);
    await t.built.ctx.db.insert(contacts).values(Array.from({ length: 55 }, (_, i) => ({ companyId: c.company.id, name: `Pessoa ${String(i).padStart(2, "0")}`, number: `55219${String(i).padStart(8, "0")}` })));
    expect((await t.http.get("/contacts/list", c.token)).body).toHaveLength(55);
    const found = await t.http.get("/contacts/list?searchParam=pessoa", c.token);
    expect(found.body).toHaveLength(50);
    expect(found.body[0].name).toBe("Pessoa 00");
    expect((await t.http.get("/contacts/list?searchParam=pessoa%2054", c.token)).body.map((x: { name: string }) => x.name)).toEqual(["Pessoa 54"]);
    await t.built.ctx.db.delete(contacts).where(eq(contacts.companyId, c.company.id));
  });
});
