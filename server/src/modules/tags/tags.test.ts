import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { queues, ticketTags } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

const tagIdsOf = async (ticketId: number) => (await t.built.ctx.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((r) => r.tagId).sort((x, y) => x - y);

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("POST /tags and GET /tags/list", () => {
  it("creates tags with the default colour and lists the company's tags by name", async () => {
    const c = await signUpCompany(t.http);
    const res = await t.http.post("/tags", { name: "Vendas" }, c.token);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: "Vendas", color: "#5C59A0", kanban: 0, userId: c.user.id, companyId: c.company.id, createdAt: expect.any(String), updatedAt: expect.any(String) });
    const urgent = await t.http.post("/tags", { name: "Atendimento urgente", color: "#ff0000", kanban: 1 }, c.token);
    expect(urgent).toMatchObject({ status: 201, body: { name: "Atendimento urgente", color: "#ff0000", kanban: 1 } });
    await t.http.post("/tags", { name: "Outra empresa" }, b.token);
    const list = await t.http.get("/tags/list", c.token);
    expect(list).toMatchObject({ status: 200 });
    expect(list.body).toEqual([
      { id: urgent.body.id, name: "Atendimento urgente", color: "#ff0000", kanban: 1 },
      { id: res.body.id, name: "Vendas", color: "#5C59A0", kanban: 0 },
    ]);
  });

  it.each([
    [{}, "name", "Obrigatório"],
    [{ name: "   " }, "name", "Obrigatório"],
    [{ name: "ab" }, "name", "Mensagem muito curta"],
    [{ name: "Válida", color: "red" }, "color", "Invalid value"],
    [{ name: "Válida", color: "#12" }, "color", "Invalid value"],
    [{ name: "Válida", kanban: 5 }, "kanban", "Invalid value"],
  ])("rejects %j with a 400 naming %s", async (body, field, message) => {
    expect(await t.http.post("/tags", body, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: ${message}` } });
  });

  it("lets an attendant create a tag but not a kanban lane", async () => {
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.post("/tags", { name: "Da atendente", kanban: 0 }, attendant.token)).toMatchObject({ status: 201, body: { userId: attendant.id } });
    expect(await t.http.post("/tags", { name: "Lane", kanban: true }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.post("/tags", { name: "Lane", kanban: true }, a.token)).toMatchObject({ status: 201, body: { kanban: 1 } });
  });
});

describe("POST /tags/sync", () => {
  it("replaces the ticket's tags and sends the updated ticket", async () => {
    const [one, two, three] = await Promise.all(["Um tag", "Dois tag", "Três tag"].map(async (name) => (await t.http.post("/tags", { name }, a.token)).body));
    const contact = await insertContact(t, a.company.id);
    const ticket = await insertTicket(t, a.company.id, contact.id, { userId: a.user.id });
    const socket = await connectSocket(t.url, a.token);
    const sb = await connectSocket(t.url, b.token);
    const leak = nextEvent(sb, `company-${a.company.id}-ticket`, 800);

    let event = nextEvent(socket, `company-${a.company.id}-ticket`, 2_000);
    expect(await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [one, two] }, a.token)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await tagIdsOf(ticket.id)).toEqual([one.id, two.id].sort((x, y) => x - y));
    const first = await event;
    expect(first).toMatchObject({ action: "update", ticket: { id: ticket.id, contactId: contact.id, contact: { id: contact.id } } });
    expect(first.ticket.tags.map((x: { id: number }) => x.id).sort((x: number, y: number) => x - y)).toEqual([one.id, two.id].sort((x, y) => x - y));
    expect(first.ticket.tags[0]).toEqual({ id: expect.any(Number), name: expect.any(String), color: "#5C59A0" });

    event = nextEvent(socket, `company-${a.company.id}-ticket`, 2_000);
    await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [{ id: three.id }, { id: three.id }] }, a.token);
    expect(await tagIdsOf(ticket.id)).toEqual([three.id]);
    expect((await event).ticket.tags).toEqual([{ id: three.id, name: "Três tag", color: "#5C59A0" }]);

    await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [] }, a.token);
    expect(await tagIdsOf(ticket.id)).toEqual([]);
    expect(await leak).toBeNull();
    socket.close();
    sb.close();
  });

  it("keeps tickets and tags of another company out of reach", async () => {
    const mine = (await t.http.post("/tags", { name: "Minha tag" }, a.token)).body;
    const theirs = (await t.http.post("/tags", { name: "Tag de B" }, b.token)).body;
    const ticket = await insertTicket(t, a.company.id, (await insertContact(t, a.company.id)).id);
    const ticketB = await insertTicket(t, b.company.id, (await insertContact(t, b.company.id)).id);
    await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [mine] }, a.token);
    expect(await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [mine, theirs] }, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND", field: "tags" } });
    expect(await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [{ id: 999999 }] }, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await tagIdsOf(ticket.id)).toEqual([mine.id]);
    expect(await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [theirs] }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await t.http.post("/tags/sync", { ticketId: ticketB.id, tags: [mine] }, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await tagIdsOf(ticket.id)).toEqual([mine.id]);
    expect(await tagIdsOf(ticketB.id)).toEqual([]);
  });

  it("lets an attendant tag only tickets he may open (own queues, no queue, or assigned to him)", async () => {
    const [sales] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#00aa00" }).returning();
    const [support] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Suporte", color: "#0000aa" }).returning();
    const attendant = await createAttendant(t, a.token, { queueIds: [sales.id] });
    const tag = (await t.http.post("/tags", { name: "Fila tag" }, a.token)).body;
    const contact = await insertContact(t, a.company.id);
    const inSales = await insertTicket(t, a.company.id, contact.id, { queueId: sales.id, status: "closed" });
    const inSupport = await insertTicket(t, a.company.id, contact.id, { queueId: support.id, status: "closed" });
    const assigned = await insertTicket(t, a.company.id, contact.id, { queueId: support.id, userId: attendant.id, status: "closed" });
    expect((await t.http.post("/tags/sync", { ticketId: inSales.id, tags: [tag] }, attendant.token)).status).toBe(200);
    expect((await t.http.post("/tags/sync", { ticketId: assigned.id, tags: [tag] }, attendant.token)).status).toBe(200);
    expect(await t.http.post("/tags/sync", { ticketId: inSupport.id, tags: [tag] }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await tagIdsOf(inSupport.id)).toEqual([]);
  });

  it("validates the body", async () => {
    expect(await t.http.post("/tags/sync", { tags: [] }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "ticketId" } });
    expect(await t.http.post("/tags/sync", { ticketId: 1, tags: "[]" }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "tags" } });
    expect(await t.http.post("/tags/sync", { ticketId: 1, tags: [{ name: "sem id" }] }, a.token)).toMatchObject({ status: 400, body: { field: "tags.0.id" } });
  });
});
