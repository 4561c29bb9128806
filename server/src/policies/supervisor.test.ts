import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, unique, type TestApp } from "../test/harness";
import { createAttendant, insertContact, insertTicket } from "../test/workspaceFixtures";

/**
 * The supervisor role: oversees every queue's tickets and the dashboard, manages tags and their
 * kanban switch, and cannot change connections, users or settings (nor make itself more).
 */
let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let other: Awaited<ReturnType<typeof signUpCompany>>;
let supervisor: Awaited<ReturnType<typeof createAttendant>>;
let ownQueue: number;
let foreignQueue: number;

let colour = 0x102030;
const newQueue = (name: string) => ({ name: unique(name), color: `#${(colour++).toString(16)}` });
const denied = { status: 403, body: { error: "ERR_NO_PERMISSION" } };

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  other = await signUpCompany(t.http);
  ownQueue = (await t.http.post("/queue", newQueue("Vendas "), a.token)).body.id;
  foreignQueue = (await t.http.post("/queue", newQueue("Financeiro "), a.token)).body.id;
  supervisor = await createAttendant(t, a.token, { name: "Sara Supervisora", profile: "supervisor", queueIds: [ownQueue] });
});
afterAll(async () => t?.close());

describe("a supervisor's tickets", () => {
  it("lists, opens and reads the tickets of a queue the supervisor is not in, within the company only", async () => {
    const attendant = await createAttendant(t, a.token, { queueIds: [foreignQueue] });
    const contact = await insertContact(t, a.company.id, { name: "Cliente de outra fila" });
    const ticket = await insertTicket(t, a.company.id, contact.id, { queueId: foreignQueue, userId: attendant.id, status: "open" });
    const elsewhere = await insertTicket(t, other.company.id, (await insertContact(t, other.company.id)).id, { status: "open" });

    const all = await t.http.get("/tickets?status=open&showAll=true", supervisor.token);
    expect(all.status).toBe(200);
    const ids = all.body.tickets.map((x: { id: number }) => x.id);
    expect(ids).toContain(ticket.id);
    expect(ids).not.toContain(elsewhere.id);

    const chosen = await t.http.get(`/tickets?status=open&showAll=true&queueIds=${JSON.stringify([foreignQueue])}`, supervisor.token);
    expect(chosen.body.tickets.map((x: { id: number }) => x.id)).toContain(ticket.id);

    const search = await t.http.get(`/tickets?searchParam=${encodeURIComponent("outra fila")}`, supervisor.token);
    expect(search.body.tickets.map((x: { id: number }) => x.id)).toContain(ticket.id);

    expect(await t.http.get(`/tickets/${ticket.id}`, supervisor.token)).toMatchObject({ status: 200, body: { id: ticket.id, queueId: foreignQueue } });
    expect(await t.http.get(`/messages/${ticket.id}`, supervisor.token)).toMatchObject({ status: 200, body: { messages: [] } });
    expect((await t.http.get(`/tickets/${elsewhere.id}`, supervisor.token)).status).toBe(404);

    // an attendant of another queue still does not reach it
    const outsider = await createAttendant(t, a.token, { queueIds: [ownQueue] });
    expect(await t.http.get(`/tickets/${ticket.id}`, outsider.token)).toMatchObject(denied);
    const attendantList = await t.http.get("/tickets?status=open&showAll=true", outsider.token);
    expect(attendantList.body.tickets.map((x: { id: number }) => x.id)).not.toContain(ticket.id);
  });

  it("sees the dashboard but may not delete a ticket", async () => {
    expect((await t.http.get("/dashboard", supervisor.token)).status).toBe(200);
    const ticket = await insertTicket(t, a.company.id, (await insertContact(t, a.company.id)).id, { queueId: foreignQueue });
    expect(await t.http.del(`/tickets/${ticket.id}`, supervisor.token)).toMatchObject(denied);
  });
});

describe("a supervisor's tags", () => {
  it("creates a tag and switches its kanban on and off", async () => {
    const created = await t.http.post("/tags", { name: "Coluna da supervisora", kanban: 1 }, supervisor.token);
    expect(created).toMatchObject({ status: 201, body: { kanban: 1 } });
    const tag = (await t.http.post("/tags", { name: unique("Etiqueta ") }, a.token)).body;
    expect(await t.http.put(`/tags/${tag.id}`, { name: tag.name, kanban: 1 }, supervisor.token)).toMatchObject({ status: 200, body: { kanban: 1 } });
    expect(await t.http.put(`/tags/${tag.id}`, { name: tag.name, kanban: 0 }, supervisor.token)).toMatchObject({ status: 200, body: { kanban: 0 } });
  });
});

describe("what a supervisor may not change", () => {
  it("answers 403 on connections", async () => {
    const connection = (await t.http.post("/whatsapp", { name: unique("Conexão "), channel: "sandbox" }, a.token)).body;
    expect(await t.http.post("/whatsapp", { name: unique("Conexão "), channel: "sandbox" }, supervisor.token)).toMatchObject(denied);
    expect(await t.http.put(`/whatsapp/${connection.id}`, { name: "Renomeada" }, supervisor.token)).toMatchObject(denied);
    expect(await t.http.del(`/whatsapp/${connection.id}`, supervisor.token)).toMatchObject(denied);
    expect((await t.http.get(`/whatsapp/${connection.id}`, a.token)).body.name).toBe(connection.name);
    // the list of connections (for transfers) holds no secrets for a supervisor
    const list = await t.http.get("/whatsapp", supervisor.token);
    expect(list.status).toBe(200);
    for (const row of list.body) expect(row.token ?? "").toBe("");
  });

  it("answers 403 on users and on the second factor of others", async () => {
    const body = { name: "Novo", email: `${unique("novo")}@example.com`, password: "secret1", profile: "user", queueIds: [] };
    expect(await t.http.post("/users", body, supervisor.token)).toMatchObject(denied);
    expect(await t.http.put(`/users/${a.user.id}`, { name: "Outro nome" }, supervisor.token)).toMatchObject(denied);
    expect(await t.http.del(`/users/${a.user.id}`, supervisor.token)).toMatchObject(denied);
    expect(await t.http.del(`/users/${a.user.id}/2fa`, supervisor.token)).toMatchObject(denied);
    expect((await t.http.get(`/users/${a.user.id}`, a.token)).body.name).not.toBe("Outro nome");
  });

  it("cannot escalate: no admin created, no own profile, queues or connection changed", async () => {
    const admin = { name: "Chefe", email: `${unique("chefe")}@example.com`, password: "secret1", profile: "admin", queueIds: [] };
    expect(await t.http.post("/users", admin, supervisor.token)).toMatchObject(denied);
    expect((await t.http.login(admin.email, admin.password).catch(() => null))?.token).toBeUndefined();

    const self = await t.http.put(`/users/${supervisor.id}`, { name: "Sara", profile: "admin", queueIds: [ownQueue, foreignQueue], allTicket: "enabled" }, supervisor.token);
    expect(self).toMatchObject({ status: 200, body: { name: "Sara", profile: "supervisor" } });
    const seen = await t.http.get(`/users/${supervisor.id}`, a.token);
    expect(seen.body.profile).toBe("supervisor");
    expect(seen.body.allTicket).not.toBe("enabled");
    expect(seen.body.queues.map((q: { id: number }) => q.id)).toEqual([ownQueue]);
    // still a supervisor on the next request
    expect(await t.http.post("/users", admin, supervisor.token)).toMatchObject(denied);
  });

  it("answers 403 on settings, the company's hours, the 2FA policy, webhooks, queues and the audit log", async () => {
    expect(await t.http.put("/settings/userRating", { value: "enabled" }, supervisor.token)).toMatchObject(denied);
    expect(await t.http.put("/auth/2fa/policy", { required: true }, supervisor.token)).toMatchObject(denied);
    expect(await t.http.put(`/companies/${a.company.id}/schedules`, { id: a.company.id, schedules: [] }, supervisor.token)).toMatchObject(denied);
    expect(await t.http.post("/webhook-endpoints", { url: "https://example.com/hook", events: ["ticket.updated"] }, supervisor.token)).toMatchObject(denied);
    expect(await t.http.get("/webhook-endpoints", supervisor.token)).toMatchObject(denied);
    expect(await t.http.post("/queue", newQueue("Nova "), supervisor.token)).toMatchObject(denied);
    expect(await t.http.put(`/queue/${foreignQueue}`, newQueue("Renomeada "), supervisor.token)).toMatchObject(denied);
    expect(await t.http.del(`/queue/${foreignQueue}`, supervisor.token)).toMatchObject(denied);
    expect(await t.http.get("/audit-logs", supervisor.token)).toMatchObject(denied);
    expect(await t.http.get("/invoices/all", supervisor.token)).toMatchObject(denied);
  });
});
