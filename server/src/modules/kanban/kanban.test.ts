import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { companies, plans, queues, ticketTags } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

const tagIdsOf = async (ticketId: number) => (await t.built.ctx.db.select({ tagId: ticketTags.tagId }).from(ticketTags).where(eq(ticketTags.ticketId, ticketId))).map((r) => r.tagId).sort((x, y) => x - y);
const newTag = async (token: string, name: string, kanban = 0, color = "#112233") => (await t.http.post("/tags", { name, color, kanban }, token)).body as { id: number; name: string };
const idsOf = (res: { body: { tickets: { id: number }[] } }) => res.body.tickets.map((x) => x.id).sort((x, y) => x - y);
const addQueue = async (companyId: number, name: string) =>
  (
    await t.built.ctx.db
      .insert(queues)
      .values({
        companyId,
        name,
        color: `#${Math.floor(Math.random() * 0xffffff)
          .toString(16)
          .padStart(6, "0")}`,
      })
      .returning()
  )[0];

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("GET /tags/kanban", () => {
  it("lists the company's kanban lanes in creation order, as { lista }", async () => {
    const c = await signUpCompany(t.http);
    const later = await newTag(c.token, "Zeta lane", 1, "#ff0000");
    await newTag(c.token, "Comum", 0);
    const first = await newTag(c.token, "Alfa lane", 1, "#00ff00");
    await newTag(b.token, "Lane de B", 1);
    const res = await t.http.get("/tags/kanban", c.token);
    expect(res).toMatchObject({ status: 200 });
    expect(res.body).toEqual({
      lista: [
        { id: later.id, name: "Zeta lane", color: "#ff0000", kanban: 1 },
        { id: first.id, name: "Alfa lane", color: "#00ff00", kanban: 1 },
      ],
    });
  });
});

describe("GET /ticket/kanban", () => {
  it("gives the admin the open and pending tickets with contact, last message and flagged tags", async () => {
    const c = await signUpCompany(t.http);
    const lane = await newTag(c.token, "Negociação", 1);
    const plain = await newTag(c.token, "VIP cliente", 0);
    const contact = await insertContact(t, c.company.id, { name: "Maria Souza", number: "5511988887777" });
    const open = await insertTicket(t, c.company.id, contact.id, { status: "open", lastMessage: "Quero um orçamento", userId: c.user.id });
    const pending = await insertTicket(t, c.company.id, (await insertContact(t, c.company.id)).id, { status: "pending" });
    await insertTicket(t, c.company.id, (await insertContact(t, c.company.id)).id, { status: "closed" });
    await insertTicket(t, b.company.id, (await insertContact(t, b.company.id)).id, { status: "open" });
    await t.built.ctx.db.insert(ticketTags).values([
      { companyId: c.company.id, ticketId: open.id, tagId: lane.id },
      { companyId: c.company.id, ticketId: open.id, tagId: plain.id },
    ]);

    const res = await t.http.get("/ticket/kanban", c.token);
    expect(res).toMatchObject({ status: 200, body: { count: 2, hasMore: false } });
    expect(idsOf(res)).toEqual([open.id, pending.id].sort((x, y) => x - y));
    const card = res.body.tickets.find((x: { id: number }) => x.id === open.id);
    expect(card).toMatchObject({
      id: open.id,
      uuid: open.uuid,
      status: "open",
      lastMessage: "Quero um orçamento",
      updatedAt: expect.any(String),
      contact: { name: "Maria Souza", number: "5511988887777" },
    });
    expect(card.tags.sort((x: { id: number }, y: { id: number }) => x.id - y.id)).toEqual([
      { id: lane.id, name: "Negociação", color: "#112233", kanban: 1 },
      { id: plain.id, name: "VIP cliente", color: "#112233", kanban: 0 },
    ]);
  });

  it("narrows an admin's board to the chosen queues (plus tickets without a queue)", async () => {
    const c = await signUpCompany(t.http);
    const [sales, support] = [await addQueue(c.company.id, "Vendas"), await addQueue(c.company.id, "Suporte")];
    const contact = () => insertContact(t, c.company.id);
    const inSales = await insertTicket(t, c.company.id, (await contact()).id, { queueId: sales.id });
    const inSupport = await insertTicket(t, c.company.id, (await contact()).id, { queueId: support.id });
    const noQueue = await insertTicket(t, c.company.id, (await contact()).id, { status: "pending" });
    expect(idsOf(await t.http.get("/ticket/kanban", c.token))).toEqual([inSales.id, inSupport.id, noQueue.id]);
    expect(idsOf(await t.http.get(`/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([sales.id]))}&teste=true`, c.token))).toEqual([inSales.id, noQueue.id]);
  });

  it("shows an attendant only his queues' tickets, tickets without a queue and his own", async () => {
    const c = await signUpCompany(t.http);
    const [sales, support] = [await addQueue(c.company.id, "Vendas"), await addQueue(c.company.id, "Suporte")];
    const attendant = await createAttendant(t, c.token, { queueIds: [sales.id] });
    const contact = () => insertContact(t, c.company.id);
    const inSales = await insertTicket(t, c.company.id, (await contact()).id, { queueId: sales.id, userId: c.user.id });
    const inSupport = await insertTicket(t, c.company.id, (await contact()).id, { queueId: support.id });
    const mine = await insertTicket(t, c.company.id, (await contact()).id, { queueId: support.id, userId: attendant.id });
    const noQueue = await insertTicket(t, c.company.id, (await contact()).id, { status: "pending" });
    const res = await t.http.get("/ticket/kanban", attendant.token);
    expect(res.status).toBe(200);
    expect(idsOf(res)).toEqual([inSales.id, mine.id, noQueue.id]);
    expect(idsOf(res)).not.toContain(inSupport.id);
    // asking for a queue he is not in changes nothing
    const asked = await t.http.get(`/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([support.id]))}`, attendant.token);
    expect(idsOf(asked)).toEqual([mine.id, noQueue.id]);
  });

  it("names a malformed queueIds", async () => {
    expect(await t.http.get("/ticket/kanban?queueIds=abc", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "queueIds" } });
  });
});

describe("DELETE /ticket-tags/:ticketId and PUT /ticket-tags/:ticketId/:tagId", () => {
  it("moves a card between lanes, keeps the ticket's other tags and tells the lists", async () => {
    const [todo, doing, plain] = [await newTag(a.token, "A fazer", 1), await newTag(a.token, "Fazendo", 1), await newTag(a.token, "Cliente antigo", 0)];
    const ticket = await insertTicket(t, a.company.id, (await insertContact(t, a.company.id)).id, { userId: a.user.id });
    await t.built.ctx.db.insert(ticketTags).values([todo, plain].map((tag) => ({ companyId: a.company.id, ticketId: ticket.id, tagId: tag.id })));
    const socket = await connectSocket(t.url, a.token);
    socket.emit("joinTickets", "open");
    const sb = await connectSocket(t.url, b.token);
    const leak = nextEvent(sb, `company-${a.company.id}-ticket`, 800);
    await new Promise((r) => setTimeout(r, 100));

    let event = nextEvent(socket, `company-${a.company.id}-ticket`, 2_000, (e) => e.ticket?.id === ticket.id);
    expect(await t.http.del(`/ticket-tags/${ticket.id}`, a.token)).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    expect(await tagIdsOf(ticket.id)).toEqual([plain.id]);
    expect((await event)?.ticket.tags).toEqual([{ id: plain.id, name: "Cliente antigo", color: "#112233" }]);

    event = nextEvent(socket, `company-${a.company.id}-ticket`, 2_000, (e) => e.ticket?.id === ticket.id);
    expect(await t.http.put(`/ticket-tags/${ticket.id}/${doing.id}`, {}, a.token)).toMatchObject({ status: 201, body: { ticketId: ticket.id, tagId: doing.id } });
    expect(await tagIdsOf(ticket.id)).toEqual([doing.id, plain.id].sort((x, y) => x - y));
    expect((await event)?.ticket.tags.map((x: { id: number }) => x.id).sort((x: number, y: number) => x - y)).toEqual([doing.id, plain.id].sort((x, y) => x - y));

    // adding it again is harmless
    expect((await t.http.put(`/ticket-tags/${ticket.id}/${doing.id}`, {}, a.token)).status).toBe(201);
    expect(await tagIdsOf(ticket.id)).toEqual([doing.id, plain.id].sort((x, y) => x - y));
    expect(await leak).toBeNull();
    socket.close();
    sb.close();
  });

  it("keeps another company's tickets and tags out of reach", async () => {
    const mine = await newTag(a.token, "Minha lane", 1);
    const theirs = await newTag(b.token, "Lane de B", 1);
    const ticket = await insertTicket(t, a.company.id, (await insertContact(t, a.company.id)).id);
    const ticketB = await insertTicket(t, b.company.id, (await insertContact(t, b.company.id)).id);
    await t.built.ctx.db.insert(ticketTags).values({ companyId: b.company.id, ticketId: ticketB.id, tagId: theirs.id });
    expect(await t.http.put(`/ticket-tags/${ticket.id}/${theirs.id}`, {}, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await t.http.put(`/ticket-tags/${ticketB.id}/${mine.id}`, {}, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await t.http.del(`/ticket-tags/${ticketB.id}`, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await tagIdsOf(ticket.id)).toEqual([]);
    expect(await tagIdsOf(ticketB.id)).toEqual([theirs.id]);
    expect(idsOf(await t.http.get("/ticket/kanban", a.token))).not.toContain(ticketB.id);
  });

  it("lets an attendant move only tickets he may open", async () => {
    const [sales, support] = [await addQueue(a.company.id, unique("Vendas")), await addQueue(a.company.id, unique("Suporte"))];
    const attendant = await createAttendant(t, a.token, { queueIds: [sales.id] });
    const lane = await newTag(a.token, "Lane fila", 1);
    const contact = await insertContact(t, a.company.id);
    const inSales = await insertTicket(t, a.company.id, contact.id, { queueId: sales.id, status: "closed" });
    const inSupport = await insertTicket(t, a.company.id, contact.id, { queueId: support.id, status: "closed" });
    expect((await t.http.put(`/ticket-tags/${inSales.id}/${lane.id}`, {}, attendant.token)).status).toBe(201);
    expect(await t.http.put(`/ticket-tags/${inSupport.id}/${lane.id}`, {}, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.del(`/ticket-tags/${inSupport.id}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await tagIdsOf(inSupport.id)).toEqual([]);
  });

  it("validates the ids", async () => {
    expect(await t.http.del("/ticket-tags/abc", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "ticketId" } });
    expect(await t.http.put("/ticket-tags/1/0", {}, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "tagId" } });
  });
});

describe("plan gate", () => {
  it("refuses every kanban call when the company's plan has kanban off", async () => {
    const c = await signUpCompany(t.http);
    const lane = await newTag(c.token, "Lane sem plano", 1);
    const ticket = await insertTicket(t, c.company.id, (await insertContact(t, c.company.id)).id);
    const [plan] = await t.built.ctx.db
      .insert(plans)
      .values({ name: unique("Sem kanban "), useKanban: false })
      .returning();
    await t.built.ctx.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, c.company.id));
    const refused = { status: 403, body: { error: "ERR_NO_PERMISSION" } };
    expect(await t.http.get("/tags/kanban", c.token)).toMatchObject(refused);
    expect(await t.http.get("/ticket/kanban", c.token)).toMatchObject(refused);
    expect(await t.http.put(`/ticket-tags/${ticket.id}/${lane.id}`, {}, c.token)).toMatchObject(refused);
    expect(await t.http.del(`/ticket-tags/${ticket.id}`, c.token)).toMatchObject(refused);
    expect(await tagIdsOf(ticket.id)).toEqual([]);
    // the rest of the API stays open to that company; other plans keep the board
    expect((await t.http.get("/tags/list", c.token)).status).toBe(200);
    expect((await t.http.get("/ticket/kanban", a.token)).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await t.http.get("/ticket/kanban")).status).toBe(401);
  });
});
