import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { queues, ticketNotes } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

async function ticketOf(companyId: number, over: Parameters<typeof insertTicket>[3] = {}) {
  const contact = await insertContact(t, companyId);
  const ticket = await insertTicket(t, companyId, contact.id, over);
  return { contact, ticket };
}

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("POST /ticket-notes", () => {
  it("adds a note by the caller to the ticket's contact", async () => {
    const { contact, ticket } = await ticketOf(a.company.id);
    const res = await t.http.post("/ticket-notes", { note: "  Cliente pediu retorno amanhã ", ticketId: ticket.id, contactId: contact.id }, a.token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      note: "Cliente pediu retorno amanhã",
      ticketId: ticket.id,
      contactId: contact.id,
      userId: a.user.id,
      user: { id: a.user.id, name: a.company.name },
      createdAt: expect.any(String),
    });
  });

  it.each([
    [{ note: "a" }, "note", "Too Short!"],
    [{ note: "" }, "note", "Required"],
    [{ note: undefined }, "note", "Required"],
    [{ ticketId: "abc" }, "ticketId", "Invalid value"],
    [{ contactId: undefined }, "contactId", "Invalid value"],
  ])("rejects %j with a 400 naming %s", async (override, field, message) => {
    const { contact, ticket } = await ticketOf(a.company.id);
    const res = await t.http.post("/ticket-notes", { note: "Uma observação", ticketId: ticket.id, contactId: contact.id, ...override }, a.token);
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: ${message}` } });
  });

  it("refuses a contact that is not the ticket's, and another company's ticket or contact", async () => {
    const { contact, ticket } = await ticketOf(a.company.id);
    const other = await insertContact(t, a.company.id);
    const inB = await ticketOf(b.company.id);
    const note = "Observação";
    expect(await t.http.post("/ticket-notes", { note, ticketId: ticket.id, contactId: other.id }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "contactId" } });
    expect(await t.http.post("/ticket-notes", { note, ticketId: ticket.id, contactId: contact.id }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await t.http.post("/ticket-notes", { note, ticketId: inB.ticket.id, contactId: contact.id }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect(await t.http.post("/ticket-notes", { note, ticketId: 999999, contactId: contact.id }, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await t.built.ctx.db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, ticket.id))).toEqual([]);
  });

  it("keeps an attendant to tickets he may open", async () => {
    const [q] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Financeiro", color: "#aa00aa" }).returning();
    const attendant = await createAttendant(t, a.token);
    const { contact, ticket } = await ticketOf(a.company.id, { queueId: q.id });
    const free = await ticketOf(a.company.id);
    expect(await t.http.post("/ticket-notes", { note: "Não posso", ticketId: ticket.id, contactId: contact.id }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.get(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contact.id}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.post("/ticket-notes", { note: "Sem fila, posso", ticketId: free.ticket.id, contactId: free.contact.id }, attendant.token)).status).toBe(201);
  });
});

describe("GET /ticket-notes/list", () => {
  it("lists the notes of a ticket and contact, newest first, with their authors", async () => {
    const { contact, ticket } = await ticketOf(a.company.id);
    const attendant = await createAttendant(t, a.token, { name: "Bruno Atendente" });
    const first = (await t.http.post("/ticket-notes", { note: "Primeira", ticketId: ticket.id, contactId: contact.id }, a.token)).body;
    const second = (await t.http.post("/ticket-notes", { note: "Segunda", ticketId: ticket.id, contactId: contact.id }, attendant.token)).body;
    await t.built.ctx.db
      .update(ticketNotes)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(ticketNotes.id, first.id));
    const elsewhere = await ticketOf(a.company.id);
    await t.http.post("/ticket-notes", { note: "Outro ticket", ticketId: elsewhere.ticket.id, contactId: elsewhere.contact.id }, a.token);

    const res = await t.http.get(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contact.id}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body.map((n: { note: string }) => n.note)).toEqual(["Segunda", "Primeira"]);
    expect(res.body[0]).toEqual({ ...second, user: { id: attendant.id, name: "Bruno Atendente" } });
    expect(res.body[1]).toMatchObject({ id: first.id, userId: a.user.id, user: { id: a.user.id } });
  });

  it("validates its parameters and never shows another company's notes", async () => {
    const { contact, ticket } = await ticketOf(a.company.id);
    await t.http.post("/ticket-notes", { note: "Secreta", ticketId: ticket.id, contactId: contact.id }, a.token);
    expect(await t.http.get(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contact.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await t.http.get(`/ticket-notes/list?contactId=${contact.id}`, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "ticketId" } });
  });
});

describe("DELETE /ticket-notes/:id", () => {
  it("lets the author or an admin delete a note, and nobody else", async () => {
    const { contact, ticket } = await ticketOf(a.company.id);
    const author = await createAttendant(t, a.token);
    const colleague = await createAttendant(t, a.token);
    const body = { note: "Apagar depois", ticketId: ticket.id, contactId: contact.id };
    const byAuthor = (await t.http.post("/ticket-notes", body, author.token)).body;
    const another = (await t.http.post("/ticket-notes", body, author.token)).body;

    expect(await t.http.del(`/ticket-notes/${byAuthor.id}`, colleague.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.del(`/ticket-notes/${byAuthor.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await t.http.del(`/ticket-notes/${byAuthor.id}`, author.token)).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect(await t.http.del(`/ticket-notes/${another.id}`, a.token)).toMatchObject({ status: 200 });
    expect(await t.http.del(`/ticket-notes/${another.id}`, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await t.http.get(`/ticket-notes/list?ticketId=${ticket.id}&contactId=${contact.id}`, a.token)).body).toEqual([]);
  });
});
