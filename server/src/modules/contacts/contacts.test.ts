import { uniqueViolation } from "../../db/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { contacts, tickets } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

let n = 0;
const newContact = (over: Record<string, unknown> = {}) => ({ name: "João da Silva", number: `+55 (11) 9${String(++n).padStart(4, "0")}-0000`, email: "joao@example.com", extraInfo: [], ...over });

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("POST /contacts", () => {
  it("creates a contact with the number reduced to digits and tells the company's sockets only", async () => {
    const sa = await connectSocket(t.url, a.token);
    const sb = await connectSocket(t.url, b.token);
    const event = nextEvent(sa, `company-${a.company.id}-contact`, 2_000, (e) => e.action === "create");
    const leak = nextEvent(sb, `company-${a.company.id}-contact`, 800);
    const res = await t.http.post("/contacts", { name: "  Maria Souza ", number: "+55 (11) 98888-7777", email: "maria@example.com", extraInfo: [{ id: 9, name: "CPF", value: "123" }] }, a.token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: "Maria Souza",
      number: "5511988887777",
      lid: null,
      username: null,
      email: "maria@example.com",
      profilePicUrl: "",
      urlPicture: "",
      isGroup: false,
      extraInfo: [{ name: "CPF", value: "123" }],
      whatsappId: null,
      companyId: a.company.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await event).toEqual({ action: "create", contact: res.body });
    expect(await leak).toBeNull();
    sa.close();
    sb.close();
  });

  it("accepts a contact without number, email or extra info", async () => {
    const res = await t.http.post("/contacts", { name: "Sem Número" }, a.token);
    expect(res).toMatchObject({ status: 201, body: { name: "Sem Número", number: "", email: "", extraInfo: [] } });
  });

  it.each([
    [{ name: "J" }, "name", "Too Short!"],
    [{ name: "" }, "name", "Required"],
    [{ name: undefined }, "name", "Required"],
    [{ name: "x".repeat(51) }, "name", "Too Long!"],
    [{ number: "1234-567" }, "number", "Too Short!"],
    [{ number: "abc" }, "number", "Too Short!"],
    [{ number: "9".repeat(51) }, "number", "Too Long!"],
    [{ email: "not-an-email" }, "email", "Invalid email"],
    [{ extraInfo: "x" }, "extraInfo", "Invalid value"],
    [{ extraInfo: [{ name: "n".repeat(101), value: "v" }] }, "extraInfo.0.name", "Too Long!"],
  ])("rejects %j with a 400 naming %s", async (override, field, message) => {
    const res = await t.http.post("/contacts", newContact(override), a.token);
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: ${message}` } });
  });

  it("refuses a number the company already has, whatever its formatting; another company may have it", async () => {
    expect((await t.http.post("/contacts", newContact({ number: "5511977776666" }), a.token)).status).toBe(201);
    expect(await t.http.post("/contacts", newContact({ number: "+55 11 97777-6666" }), a.token)).toMatchObject({ status: 400, body: { error: "ERR_DUPLICATED_CONTACT" } });
    expect((await t.http.post("/contacts", newContact({ number: "5511977776666" }), b.token)).status).toBe(201);
  });

  it("lets exactly one of several simultaneous creations of one number win", async () => {
    const body = newContact({ number: "5521955554444" });
    const results = await Promise.all(Array.from({ length: 6 }, () => t.http.post("/contacts", body, a.token)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 201)) expect(r).toMatchObject({ status: 400, body: { error: "ERR_DUPLICATED_CONTACT" } });
    const rows = await t.built.ctx.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.companyId, a.company.id), eq(contacts.number, "5521955554444")));
    expect(rows).toHaveLength(1);
  });

  it("recognizes the database's unique violation on the contact number index", async () => {
    const row = await insertContact(t, a.company.id);
    const err = await insertContact(t, a.company.id, { number: row.number }).catch((e: unknown) => e);
    expect(uniqueViolation(err)?.constraint).toContain("contacts_company_number");
    expect(uniqueViolation(new Error("boom"))).toBeNull();
  });
});

describe("contacts without a number", () => {
  it("may be several in one company", async () => {
    expect((await t.http.post("/contacts", { name: "Sem Número Um" }, a.token)).status).toBe(201);
    expect((await t.http.post("/contacts", { name: "Sem Número Dois" }, a.token)).status).toBe(201);
  });
});

describe("GET /contacts/:id", () => {
  it("shows a contact of the company; another company's contact is not found", async () => {
    const created = (await t.http.post("/contacts", newContact(), a.token)).body;
    expect(await t.http.get(`/contacts/${created.id}`, a.token)).toMatchObject({ status: 200, body: created });
    expect(await t.http.get(`/contacts/${created.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect(await t.http.get("/contacts/999999", a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect(await t.http.get("/contacts/abc", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "id" } });
  });
});

describe("PUT /contacts/:id", () => {
  it("changes the fields sent, keeps the others, and tells the company", async () => {
    const created = (await t.http.post("/contacts", newContact({ extraInfo: [{ name: "Empresa", value: "ACME" }] }), a.token)).body;
    const socket = await connectSocket(t.url, a.token);
    const event = nextEvent(socket, `company-${a.company.id}-contact`, 2_000, (e) => e.action === "update");
    const res = await t.http.put(`/contacts/${created.id}`, { ...created, name: "João Renomeado", email: "" }, a.token);
    expect(res).toMatchObject({ status: 200, body: { id: created.id, name: "João Renomeado", email: "", number: created.number, extraInfo: [{ name: "Empresa", value: "ACME" }] } });
    expect(await event).toEqual({ action: "update", contact: res.body });
    const partial = await t.http.put(`/contacts/${created.id}`, { number: "(31) 3333-4444" }, a.token);
    expect(partial.body).toMatchObject({ name: "João Renomeado", number: "3133334444" });
    socket.close();
  });

  it("keeps a group's id as its number when the group is edited", async () => {
    const group = await insertContact(t, a.company.id, { name: "Grupo Vendas", number: "5511999990000-1612345678", isGroup: true });
    const res = await t.http.put(`/contacts/${group.id}`, { name: "Grupo Renomeado", number: "5511999990000-1612345678" }, a.token);
    expect(res).toMatchObject({ status: 200, body: { name: "Grupo Renomeado", number: "5511999990000-1612345678", isGroup: true } });
  });

  it("validates, refuses a taken number, and never reaches another company's contact", async () => {
    const one = (await t.http.post("/contacts", newContact(), a.token)).body;
    const two = (await t.http.post("/contacts", newContact(), a.token)).body;
    expect(await t.http.put(`/contacts/${one.id}`, { name: "X" }, a.token)).toMatchObject({ status: 400, body: { field: "name", message: "name: Too Short!" } });
    expect(await t.http.put(`/contacts/${one.id}`, { email: "bad" }, a.token)).toMatchObject({ status: 400, body: { field: "email", message: "email: Invalid email" } });
    expect(await t.http.put(`/contacts/${one.id}`, { number: two.number }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_DUPLICATED_CONTACT" } });
    expect((await t.http.put(`/contacts/${one.id}`, { number: one.number }, a.token)).status).toBe(200);
    expect(await t.http.put(`/contacts/${one.id}`, { name: "Taken Over" }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect((await t.http.get(`/contacts/${one.id}`, a.token)).body.name).toBe(one.name);
  });
});

describe("DELETE /contacts/:id", () => {
  it("is for admins (contacts-page:deleteContact); deletes the contact's tickets and tells the company", async () => {
    const created = (await t.http.post("/contacts", newContact(), a.token)).body;
    const ticket = await insertTicket(t, a.company.id, created.id, { userId: a.user.id });
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.del(`/contacts/${created.id}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.get(`/contacts/${created.id}`, a.token)).status).toBe(200);

    const socket = await connectSocket(t.url, a.token);
    const contactEvent = nextEvent(socket, `company-${a.company.id}-contact`, 2_000, (e) => e.action === "delete");
    const ticketEvent = nextEvent(socket, `company-${a.company.id}-ticket`, 2_000, (e) => e.action === "delete");
    expect(await t.http.del(`/contacts/${created.id}`, a.token)).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect(await contactEvent).toEqual({ action: "delete", contactId: created.id });
    expect(await ticketEvent).toEqual({ action: "delete", ticketId: ticket.id });
    expect(await t.http.get(`/contacts/${created.id}`, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect(await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, ticket.id))).toEqual([]);
    socket.close();
  });

  it("never deletes another company's contact", async () => {
    const created = (await t.http.post("/contacts", newContact(), a.token)).body;
    expect(await t.http.del(`/contacts/${created.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect((await t.http.get(`/contacts/${created.id}`, a.token)).status).toBe(200);
  });
});
