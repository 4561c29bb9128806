import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { queues, tags, ticketTags } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let w: Awaited<ReturnType<typeof pairedSandbox>>;
let sales: number;
let support: number;
let agent: { id: number; token: string };

const phone = () => `55119${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  w = await pairedSandbox(t.http, a.token);
  [{ id: sales }] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#111111" }).returning();
  [{ id: support }] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Suporte", color: "#222222" }).returning();
  const body = { name: "Agente Um", email: `${unique("agent")}@example.com`, password: "secret1", profile: "user", queueIds: [sales] };
  const created = await t.http.post("/users", body, a.token);
  agent = { id: created.body.id, token: (await t.http.login(body.email, body.password)).token };
});
afterAll(async () => t?.close());

async function inQueue(queueId: number | null, text = "preciso de ajuda") {
  const { ticket } = await customerSays(t.http, w, phone(), text);
  if (queueId) await t.http.put(`/tickets/${ticket.id}`, { queueId, status: "pending" }, a.token);
  return ticket as { id: number; uuid: string; contactId: number };
}

describe("ticket transitions", () => {
  it("accept, return, resolve and reopen, announced to the rooms", async () => {
    const ticket = await inQueue(sales);
    const socket = await connectSocket(t.url, agent.token);
    socket.emit("joinTickets", "open");
    await new Promise((r) => setTimeout(r, 100));
    const seen = nextEvent(socket, `company-${a.company.id}-ticket`, 2_000, (e) => e.ticket?.status === "open");
    const accepted = await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: agent.id }, agent.token);
    expect(accepted).toMatchObject({ status: 200, body: { status: "open", userId: agent.id, user: { name: "Agente Um" }, queue: { name: "Vendas" } } });
    expect(await seen).toMatchObject({ action: "update", ticket: { id: ticket.id, status: "open" } });
    socket.close();

    expect((await t.http.put(`/tickets/${ticket.id}`, { status: "pending", userId: null }, agent.token)).body).toMatchObject({ status: "pending", userId: null });
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: agent.id }, agent.token);
    const closed = await t.http.put(`/tickets/${ticket.id}`, { status: "closed", userId: agent.id, queueId: sales, useIntegration: true }, agent.token);
    expect(closed.body).toMatchObject({ status: "closed", useIntegration: false, promptId: null, integrationId: null });
    const reopened = await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: agent.id, queueId: sales }, agent.token);
    expect(reopened.body).toMatchObject({ status: "open", userId: agent.id });
  });

  it("transfers to a queue (pending, unassigned) or to a user (assigned)", async () => {
    const ticket = await inQueue(sales);
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: agent.id }, agent.token);
    const toQueue = await t.http.put(`/tickets/${ticket.id}`, { queueId: support, userId: null, status: "pending" }, agent.token);
    expect(toQueue.body).toMatchObject({ status: "pending", userId: null, queueId: support, queue: { name: "Suporte" } });
    const toUser = await t.http.put(`/tickets/${ticket.id}`, { queueId: sales, userId: agent.id, status: "open" }, a.token);
    expect(toUser.body).toMatchObject({ status: "open", userId: agent.id, queueId: sales });
    expect(await t.http.put(`/tickets/${ticket.id}`, { queueId: 999999 }, a.token)).toMatchObject({ status: 400, body: { field: "queueId" } });
  });

  it("greets the customer on accept when sendGreetingAccepted is enabled", async () => {
    await t.http.put("/settings/sendGreetingAccepted", { value: "enabled" }, a.token);
    try {
      const number = phone();
      const { ticket } = await customerSays(t.http, w, number, "Olá");
      await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
      const outbound = await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token);
      expect(outbound.body).toHaveLength(1);
      expect(outbound.body[0].body).toContain("Mensagem Automática");
      expect(outbound.body[0].body).toContain(a.company.name);
    } finally {
      await t.http.put("/settings/sendGreetingAccepted", { value: "disabled" }, a.token);
    }
  });

  it("deletes for admins only, telling the rooms", async () => {
    const ticket = await inQueue(sales);
    expect(await t.http.del(`/tickets/${ticket.id}`, agent.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    const socket = await connectSocket(t.url, a.token);
    socket.emit("joinTickets", "pending");
    await new Promise((r) => setTimeout(r, 100));
    const gone = nextEvent(socket, `company-${a.company.id}-ticket`, 2_000, (e) => e.action === "delete");
    expect((await t.http.del(`/tickets/${ticket.id}`, a.token)).status).toBe(200);
    expect(await gone).toEqual({ action: "delete", ticketId: ticket.id });
    socket.close();
    expect((await t.http.get(`/tickets/${ticket.id}`, a.token)).status).toBe(404);
  });
});

describe("POST /tickets", () => {
  it("opens a ticket for a contact, and refuses a second one with the other ticket's user and queue", async () => {
    const { ticket } = await customerSays(t.http, w, phone(), "oi");
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: agent.id, queueId: sales }, a.token);
    const again = await t.http.post("/tickets", { contactId: ticket.contactId, queueId: sales, whatsappId: w.id, userId: a.user.id, status: "open" }, a.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("ERR_OTHER_OPEN_TICKET");
    expect(JSON.parse(again.body.error)).toMatchObject({ id: ticket.id, userId: agent.id, user: { name: "Agente Um" }, queue: { name: "Vendas" } });

    await t.http.put(`/tickets/${ticket.id}`, { status: "closed" }, a.token);
    const fresh = await t.http.post("/tickets", { contactId: ticket.contactId, queueId: sales, whatsappId: w.id, userId: a.user.id, status: "open" }, a.token);
    expect(fresh).toMatchObject({ status: 201, body: { status: "open", userId: a.user.id, queueId: sales, contactId: ticket.contactId, whatsappId: w.id } });
    // reopening the closed one now collides with the new open ticket
    expect((await t.http.put(`/tickets/${ticket.id}`, { status: "open" }, a.token)).status).toBe(409);
  });

  it("needs a queue from non-admins, and a known contact", async () => {
    const { ticket } = await customerSays(t.http, w, phone(), "oi");
    await t.http.put(`/tickets/${ticket.id}`, { status: "closed" }, a.token);
    expect(await t.http.post("/tickets", { contactId: ticket.contactId, status: "open" }, agent.token)).toMatchObject({ status: 400, body: { field: "queueId" } });
    expect(await t.http.post("/tickets", { contactId: 999999, status: "open" }, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect(await t.http.post("/tickets", { contactId: ticket.contactId, status: "open" }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
  });
});

describe("GET /tickets", () => {
  it("shows an attendant his queues' and queue-less tickets, never another queue's", async () => {
    const mine = await inQueue(sales);
    const other = await inQueue(support);
    const none = await inQueue(null);
    const list = await t.http.get("/tickets?status=pending&pageNumber=1", agent.token);
    const ids = list.body.tickets.map((x: { id: number }) => x.id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(none.id);
    expect(ids).not.toContain(other.id);
    expect(await t.http.get(`/tickets/u/${other.uuid}`, agent.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.get(`/tickets/u/${mine.uuid}`, agent.token)).body).toMatchObject({ id: mine.id, uuid: mine.uuid });
    // the admin with show all sees everything; filtering by queue narrows it
    const admin = await t.http.get(`/tickets?status=pending&showAll=true&queueIds=${encodeURIComponent(JSON.stringify([support]))}`, a.token);
    const adminIds = admin.body.tickets.map((x: { id: number }) => x.id);
    expect(adminIds).toContain(other.id);
    expect(adminIds).not.toContain(mine.id);
  });

  it("without show all, open lists hold one's own tickets only", async () => {
    const ticket = await inQueue(sales);
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: agent.id }, agent.token);
    const adminOwn = await t.http.get("/tickets?status=open&showAll=false", a.token);
    expect(adminOwn.body.tickets.map((x: { id: number }) => x.id)).not.toContain(ticket.id);
    const adminAll = await t.http.get("/tickets?status=open&showAll=true", a.token);
    expect(adminAll.body.tickets.map((x: { id: number }) => x.id)).toContain(ticket.id);
  });

  it("searches message bodies and contact names, filters by tags, users, unread and date, 40 per page", async () => {
    const needle = `parafuso${Date.now()}`;
    const ticket = await inQueue(sales, `quero um ${needle} sextavado`);
    const found = await t.http.get(`/tickets?searchParam=${needle.toUpperCase()}&showAll=true`, a.token);
    expect(found.body).toMatchObject({ count: 1, hasMore: false, tickets: [{ id: ticket.id }] });
    const [tag] = await t.built.ctx.db.insert(tags).values({ companyId: a.company.id, name: "VIP", color: "#ff00ff" }).returning();
    await t.built.ctx.db.insert(ticketTags).values({ companyId: a.company.id, ticketId: ticket.id, tagId: tag.id });
    const byTag = await t.http.get(`/tickets?showAll=true&tags=${encodeURIComponent(JSON.stringify([tag.id]))}`, a.token);
    expect(byTag.body.tickets.map((x: { id: number }) => x.id)).toEqual([ticket.id]);
    expect(byTag.body.tickets[0].tags).toEqual([{ id: tag.id, name: "VIP", color: "#ff00ff" }]);
    const unread = await t.http.get("/tickets?showAll=true&withUnreadMessages=true", a.token);
    expect(unread.body.tickets.every((x: { unreadMessages: number }) => x.unreadMessages > 0)).toBe(true);
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    expect((await t.http.get(`/tickets?showAll=true&date=${day}&searchParam=${needle}`, a.token)).body.count).toBe(1);
    expect((await t.http.get(`/tickets?showAll=true&date=2001-01-01&searchParam=${needle}`, a.token)).body.count).toBe(0);
    expect(await t.http.get("/tickets?tags=not-json", a.token)).toMatchObject({ status: 400, body: { field: "tags" } });
    expect(await t.http.get("/tickets?status=archived", a.token)).toMatchObject({ status: 400, body: { field: "status" } });

    for (let i = 0; i < 41; i++) await customerSays(t.http, w, phone(), `lote ${needle}-page`);
    const page1 = await t.http.get(`/tickets?showAll=true&searchParam=${needle}-page`, a.token);
    expect(page1.body.tickets).toHaveLength(40);
    expect(page1.body).toMatchObject({ count: 41, hasMore: true });
    const page2 = await t.http.get(`/tickets?showAll=true&searchParam=${needle}-page&pageNumber=2`, a.token);
    expect(page2.body).toMatchObject({ count: 41, hasMore: false });
    expect(page2.body.tickets).toHaveLength(1);
  });

  it("never shows another company's tickets, and their ids are not found", async () => {
    const ticket = await inQueue(sales);
    const list = await t.http.get("/tickets?showAll=true", b.token);
    expect(list.body.tickets).toEqual([]);
    expect(await t.http.get(`/tickets/${ticket.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await t.http.get(`/tickets/u/${ticket.uuid}`, b.token)).toMatchObject({ status: 404 });
    expect(await t.http.put(`/tickets/${ticket.id}`, { status: "closed" }, b.token)).toMatchObject({ status: 404 });
    expect(await t.http.del(`/tickets/${ticket.id}`, b.token)).toMatchObject({ status: 404 });
    expect(await t.http.get(`/messages/${ticket.id}`, b.token)).toMatchObject({ status: 404 });
  });
});

describe("an attendant's view of a contact's history", () => {
  it("leaves out earlier conversations of queues he cannot open", async () => {
    const number = phone();
    const first = await customerSays(t.http, w, number, "segredo do suporte");
    await t.http.put(`/tickets/${first.ticket.id}`, { queueId: support, status: "closed" }, a.token);
    const second = await customerSays(t.http, w, number, "agora é vendas");
    await t.http.put(`/tickets/${second.ticket.id}`, { queueId: sales, status: "pending" }, a.token);
    const agentView = await t.http.get(`/messages/${second.ticket.id}`, agent.token);
    expect(agentView.body.messages.map((m: { body: string }) => m.body)).toEqual(["agora é vendas"]);
    const adminView = await t.http.get(`/messages/${second.ticket.id}`, a.token);
    expect(adminView.body.messages.map((m: { body: string }) => m.body)).toEqual(["segredo do suporte", "agora é vendas"]);
  });

  it("keeps connections' transfer queues inside the company", async () => {
    const [foreign] = await t.built.ctx.db.insert(queues).values({ companyId: b.company.id, name: "Fila B", color: "#b0b0b0" }).returning();
    expect(await t.http.put(`/whatsapp/${w.id}`, { transferQueueId: foreign.id }, a.token)).toMatchObject({ status: 400, body: { field: "transferQueueId" } });
    expect(await t.http.put(`/whatsapp/${w.id}`, { token: "short" }, a.token)).toMatchObject({ status: 400, body: { field: "token" } });
  });
});
