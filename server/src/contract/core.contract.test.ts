import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, unique, type TestApp } from "../test/harness";
import { customerSays } from "../test/conversation";
import { PNG, acceptedConversation, adminSession, created, localDateTime, localDay, multipart, newPhone, page, pairedSandbox, type Sandbox, type Session } from "./fixtures";

/*
 * Section 7 of core-workspace.md, "The calls it makes": each call exactly as the original client
 * makes it (path, trailing slash, parameters, body fields), with an admin's token.
 */

let t: TestApp;
let admin: Session;
let sandbox: Sandbox;
let conversation: Awaited<ReturnType<typeof acceptedConversation>>;
let queue: { id: number; name: string };
let tag: { id: number; name: string };
let contact: { id: number; name: string; createdAt: string };

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminSession(t);
  sandbox = await pairedSandbox(t.http, admin.token);
  conversation = await acceptedConversation(t, admin, sandbox);
  queue = await created(t, "/queue", { name: "Comercial", color: "#0A7CFF" }, admin.token);
  tag = await created(t, "/tags", { name: "Contrato", color: "#AA3300" }, admin.token);
  contact = await created(t, "/contacts", { name: "Joana Prado", number: newPhone(), email: "joana@example.com" }, admin.token);
});
afterAll(async () => t?.close());

const inTwoHours = () => new Date(Date.now() + 2 * 3_600_000);

/** A local date-time with its offset, as moment().format() writes the sign-up's dueDate. */
function moment(d: Date) {
  const offset = -d.getTimezoneOffset();
  const sign = offset < 0 ? "-" : "+";
  const hhmm = `${String(Math.floor(Math.abs(offset) / 60)).padStart(2, "0")}:${String(Math.abs(offset) % 60).padStart(2, "0")}`;
  return `${localDateTime(d)}:${String(d.getSeconds()).padStart(2, "0")}${sign}${hhmm}`;
}

describe("Session and company", () => {
  // A login closes the user's other sessions: these calls use a second admin, not the one every other call uses.
  let second: { id: number; email: string; password: string };
  const secondSession = () => t.http.login(second.email, second.password);
  beforeAll(async () => {
    const body = { name: "Gerente Dois", email: `${unique("gerente")}@example.com`, password: "senha12", profile: "admin" };
    second = { ...body, id: (await created(t, "/users", body, admin.token)).id };
  });

  it("POST /auth/login: token and user with company dueDate and settings", async () => {
    const res = await t.http.post("/auth/login", { email: second.email, password: second.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      token: expect.any(String),
      user: { id: second.id, companyId: admin.user.companyId, profile: "admin", name: "Gerente Dois", company: { dueDate: expect.any(String), settings: expect.any(Array) } },
    });
    // the client refuses to log in unless the due date is after now
    expect(new Date(res.body.user.company.dueDate).getTime()).toBeGreaterThan(Date.now());
    expect(res.body.user.company.settings).toContainEqual(expect.objectContaining({ key: "campaignsEnabled", value: expect.any(String) }));
  });

  it("POST /auth/refresh_token: token and user", async () => {
    const session = await secondSession();
    const res = await t.http.request("POST", "/auth/refresh_token", { cookie: session.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: expect.any(String), user: { id: second.id, company: { dueDate: expect.any(String) } } });
  });

  it("DELETE /auth/logout ends the session", async () => {
    const session = await secondSession();
    const res = await t.http.request("DELETE", "/auth/logout", { token: session.token, cookie: session.cookie });
    expect(res.status).toBe(200);
    expect((await t.http.request("POST", "/auth/refresh_token", { cookie: session.cookie })).status).toBe(401);
  });

  it("GET /auth/me", async () => {
    const res = await t.http.get("/auth/me", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: admin.user.id, companyId: admin.user.companyId, profile: "admin", company: { dueDate: expect.any(String) } });
  });

  it("POST /companies/cadastro with the sign-up payload; the new admin can log in", async () => {
    const email = `${unique("cadastro")}@example.com`;
    const due = moment(new Date(Date.now() + 3 * 86_400_000));
    const payload = { name: unique("Padaria "), email, phone: "(11) 98765-4321", password: "segredo1", planId: 1, recurrence: "MENSAL", dueDate: due, status: "t", campaignsEnabled: true };
    const res = await t.http.post("/companies/cadastro", payload);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: payload.name });
    const login = await t.http.post("/auth/login", { email, password: "segredo1" });
    expect(login).toMatchObject({ status: 200, body: { user: { companyId: res.body.id, profile: "admin" } } });
  });

  // the sign-up page's plans call
  it("GET /plans/list without a token", async () => {
    const res = await t.http.get("/plans/list");
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: 1, name: expect.any(String), users: expect.any(Number), connections: expect.any(Number), queues: expect.any(Number), value: expect.any(Number) }));
  });

  it("GET /companies/listPlan/{companyId}: the plan with the use* flags", async () => {
    const res = await t.http.get(`/companies/listPlan/${admin.user.companyId}`, admin.token);
    expect(res.status).toBe(200);
    const flag = expect.any(Boolean);
    expect(res.body.plan).toMatchObject({ useCampaigns: flag, useKanban: flag, useOpenAi: flag, useIntegrations: flag, useSchedules: flag, useInternalChat: flag, useExternalApi: flag });
  });

  it("GET /version: version", async () => {
    expect(await t.http.get("/version", admin.token)).toMatchObject({ status: 200, body: { version: "6.0.0" } });
  });

  it("GET /settings/: a list of key and value", async () => {
    const res = await t.http.get("/settings/", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ key: "sendGreetingAccepted", value: expect.any(String) }));
  });
});

describe("Users", () => {
  it("GET /users/list: id and name", async () => {
    const res = await t.http.get("/users/list", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: admin.user.id, name: admin.user.name }));
  });

  it("GET /users/ with searchParam", async () => {
    const res = await t.http.get(`/users/?searchParam=${encodeURIComponent(admin.user.name)}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(page("users"));
    expect(res.body.users).toContainEqual(expect.objectContaining({ id: admin.user.id }));
  });

  it("GET /users/{id}", async () => {
    const res = await t.http.get(`/users/${admin.user.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: admin.user.id, name: admin.user.name, email: admin.user.email, profile: "admin", queues: expect.any(Array) } });
  });

  it("POST /users: name, email, password, profile, allTicket, whatsappId, queueIds", async () => {
    const body = { name: "Bruno Lima", email: `${unique("bruno")}@example.com`, password: "senha12", profile: "user", allTicket: "enabled", whatsappId: sandbox.id, queueIds: [queue.id] };
    const res = await t.http.post("/users", body, admin.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: "Bruno Lima", profile: "user", allTicket: "enabled", whatsappId: sandbox.id, queues: [expect.objectContaining({ id: queue.id })] });
  });

  it("PUT /users/{id} with the user as the modal loaded it", async () => {
    const user = await created(t, "/users", { name: "Carla Dias", email: `${unique("carla")}@example.com`, password: "senha12", profile: "user" }, admin.token);
    const loaded = (await t.http.get(`/users/${user.id}`, admin.token)).body;
    const res = await t.http.put(`/users/${user.id}`, { ...loaded, name: "Carla Dias Souza", password: "", whatsappId: sandbox.id, queueIds: [queue.id], allTicket: "desabled" }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, name: "Carla Dias Souza", whatsappId: sandbox.id, queues: [expect.objectContaining({ id: queue.id })] });
  });
});

describe("Tickets and messages", () => {
  it("GET /tickets with every filter the client sends: tickets and hasMore", async () => {
    const { ticket } = await acceptedConversation(t, admin, sandbox, "Quero rastrear o pedido");
    await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [tag] }, admin.token);
    const { body: view } = await t.http.get(`/tickets/${ticket.id}`, admin.token);
    const params = new URLSearchParams({
      searchParam: view.contact.name.toLowerCase(),
      pageNumber: "1",
      tags: JSON.stringify([tag.id]),
      users: JSON.stringify([admin.user.id]),
      status: "open",
      date: localDay(new Date(view.createdAt)),
      updatedAt: localDay(new Date(view.updatedAt)),
      showAll: "true",
      queueIds: JSON.stringify([queue.id]),
      withUnreadMessages: "false",
    });
    const res = await t.http.get(`/tickets?${params}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("tickets"), hasMore: false });
    expect(res.body.tickets.map((x: { id: number }) => x.id)).toContain(ticket.id);

    // the open tab's own load: nothing searched, no tag or user chosen
    const tab = new URLSearchParams({ searchParam: "", pageNumber: "1", status: "open", showAll: "true", queueIds: JSON.stringify([queue.id]), tags: "[]", users: "[]", withUnreadMessages: "false" });
    const open = await t.http.get(`/tickets?${tab}`, admin.token);
    expect(open.status).toBe(200);
    expect(open.body.tickets.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([ticket.id, conversation.ticket.id]));
  });

  it("GET /tickets/{id}", async () => {
    const res = await t.http.get(`/tickets/${conversation.ticket.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: conversation.ticket.id, uuid: conversation.ticket.uuid, status: "open", contact: { name: expect.any(String) }, whatsapp: { name: sandbox.name } } });
  });

  it("GET /tickets/u/{uuid}", async () => {
    const res = await t.http.get(`/tickets/u/${conversation.ticket.uuid}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: conversation.ticket.id, uuid: conversation.ticket.uuid } });
  });

  it("POST /tickets: contactId, queueId, whatsappId, userId, status 'open'", async () => {
    const res = await t.http.post("/tickets", { contactId: contact.id, queueId: queue.id, whatsappId: sandbox.id, userId: admin.user.id, status: "open" }, admin.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), uuid: expect.any(String), contactId: contact.id, queueId: queue.id, whatsappId: sandbox.id, userId: admin.user.id, status: "open" });
  });

  it("PUT /tickets/{id}: status, userId, queueId, whatsappId, useIntegration, promptId, integrationId", async () => {
    const { ticket } = await customerSays(t.http, sandbox, newPhone(), "Bom dia");
    const body = { status: "open", userId: admin.user.id, queueId: queue.id, whatsappId: sandbox.id, useIntegration: false, promptId: null, integrationId: null };
    const res = await t.http.put(`/tickets/${ticket.id}`, body, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: ticket.id, status: "open", userId: admin.user.id, queueId: queue.id, whatsappId: sandbox.id, useIntegration: false } });
  });

  it("DELETE /tickets/{id}", async () => {
    const { ticket } = await customerSays(t.http, sandbox, newPhone(), "Pode apagar");
    expect((await t.http.del(`/tickets/${ticket.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/tickets/${ticket.id}`, admin.token)).status).toBe(404);
  });

  it("GET /messages/{ticketId} with pageNumber: messages and hasMore", async () => {
    const res = await t.http.get(`/messages/${conversation.ticket.id}?pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(page("messages"));
    expect(res.body.messages).toContainEqual(expect.objectContaining({ id: conversation.message.id, body: "Olá, preciso de ajuda", fromMe: false }));
  });

  it("POST /messages/{ticketId} as JSON: read, fromMe, mediaUrl, body, quotedMsg", async () => {
    const quoted = (await t.http.get(`/messages/${conversation.ticket.id}`, admin.token)).body.messages[0];
    const res = await t.http.post(`/messages/${conversation.ticket.id}`, { read: 1, fromMe: true, mediaUrl: "", body: "Claro, como posso ajudar?", quotedMsg: quoted }, admin.token);
    expect(res.status).toBe(200);
    const list = (await t.http.get(`/messages/${conversation.ticket.id}`, admin.token)).body.messages;
    expect(list).toContainEqual(expect.objectContaining({ body: "Claro, como posso ajudar?", fromMe: true, quotedMsg: expect.objectContaining({ id: quoted.id }) }));
  });

  it("POST /messages/{ticketId} as multipart: medias, body, fromMe", async () => {
    const res = await multipart(t, "POST", `/messages/${conversation.ticket.id}`, admin.token, { body: "segue a foto", fromMe: "true" }, [{ field: "medias", name: "foto do produto.png", data: PNG, type: "image/png" }]);
    expect(res.status).toBe(200);
    const list = (await t.http.get(`/messages/${conversation.ticket.id}`, admin.token)).body.messages;
    expect(list).toContainEqual(expect.objectContaining({ fromMe: true, mediaType: "image", mediaUrl: expect.any(String) }));
  });

  it("DELETE /messages/{id}", async () => {
    await t.http.post(`/messages/${conversation.ticket.id}`, { read: 1, fromMe: true, mediaUrl: "", body: "mensagem errada", quotedMsg: null }, admin.token);
    const mine = (await t.http.get(`/messages/${conversation.ticket.id}`, admin.token)).body.messages.find((m: { body: string }) => m.body === "mensagem errada");
    expect((await t.http.del(`/messages/${mine.id}`, admin.token)).status).toBe(200);
    const after = (await t.http.get(`/messages/${conversation.ticket.id}`, admin.token)).body.messages.find((m: { id: number }) => m.id === mine.id);
    expect(after).toMatchObject({ isDeleted: true });
  });

  it("Quick-reply media is fetched by its path as a blob", async () => {
    const quick = await created(t, "/quick-messages", { shortcode: unique("foto"), message: "Nosso catálogo", geral: true }, admin.token);
    await multipart(t, "POST", `/quick-messages/${quick.id}/media-upload`, admin.token, { typeArch: "quickMessage" }, [{ field: "file", name: "catalogo.png", data: PNG, type: "image/png" }]);
    const [listed] = (await t.http.get("/quick-messages/list", admin.token)).body.filter((q: { id: number }) => q.id === quick.id);
    const res = await fetch(t.url + listed.mediaPath, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("GET /tags/list", async () => {
    const res = await t.http.get("/tags/list", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: tag.id, name: tag.name, color: "#AA3300" }));
  });

  it("POST /tags with a name", async () => {
    const res = await t.http.post("/tags", { name: "Urgente" }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), name: "Urgente", color: expect.any(String) } });
  });

  it("POST /tags/sync: ticketId and tags", async () => {
    const { ticket } = await acceptedConversation(t, admin, sandbox);
    const res = await t.http.post("/tags/sync", { ticketId: ticket.id, tags: [tag] }, admin.token);
    expect(res.status).toBe(200);
    expect((await t.http.get(`/tickets/${ticket.id}`, admin.token)).body.tags).toEqual([expect.objectContaining({ id: tag.id, name: tag.name, color: "#AA3300" })]);
  });

  it("POST /ticket-notes: note, ticketId, contactId", async () => {
    const res = await t.http.post("/ticket-notes", { note: "Cliente prefere ligação", ticketId: conversation.ticket.id, contactId: conversation.ticket.contactId }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), note: "Cliente prefere ligação", user: { name: admin.user.name }, createdAt: expect.any(String) } });
  });

  it("GET /ticket-notes/list with ticketId and contactId", async () => {
    const note = await created(t, "/ticket-notes", { note: "Retornar amanhã", ticketId: conversation.ticket.id, contactId: conversation.ticket.contactId }, admin.token);
    const res = await t.http.get(`/ticket-notes/list?ticketId=${conversation.ticket.id}&contactId=${conversation.ticket.contactId}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: note.id, note: "Retornar amanhã", user: expect.objectContaining({ name: admin.user.name }) }));
  });

  it("DELETE /ticket-notes/{id}", async () => {
    const note = await created(t, "/ticket-notes", { note: "Anotação provisória", ticketId: conversation.ticket.id, contactId: conversation.ticket.contactId }, admin.token);
    expect((await t.http.del(`/ticket-notes/${note.id}`, admin.token)).status).toBe(200);
    const list = await t.http.get(`/ticket-notes/list?ticketId=${conversation.ticket.id}&contactId=${conversation.ticket.contactId}`, admin.token);
    expect(list.body.map((n: { id: number }) => n.id)).not.toContain(note.id);
  });

  it("GET /quick-messages/list with companyId and userId", async () => {
    const quick = await created(t, "/quick-messages", { shortcode: unique("oi"), message: "Olá! Em que posso ajudar?", geral: true }, admin.token);
    const res = await t.http.get(`/quick-messages/list?companyId=${admin.user.companyId}&userId=${admin.user.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ shortcode: quick.shortcode, message: "Olá! Em que posso ajudar?", mediaPath: null }));
  });
});

describe("Schedules", () => {
  const newSchedule = () => created(t, "/schedules", { body: "Lembrete do pagamento", contactId: contact.id, sendAt: localDateTime(inTwoHours()) }, admin.token);

  it("GET /schedules/{id}", async () => {
    const schedule = await newSchedule();
    const res = await t.http.get(`/schedules/${schedule.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: schedule.id,
      body: "Lembrete do pagamento",
      contactId: contact.id,
      sendAt: expect.any(String),
      sentAt: null,
      status: expect.any(String),
      mediaPath: null,
      mediaName: null,
      userId: admin.user.id,
      contact: { id: contact.id },
    });
  });

  it("POST /schedules", async () => {
    const res = await t.http.post("/schedules", { body: "Confirmar a visita técnica", contactId: contact.id, sendAt: localDateTime(inTwoHours()), userId: admin.user.id }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), body: "Confirmar a visita técnica", contactId: contact.id, userId: admin.user.id } });
  });

  it("PUT /schedules/{id}: body, contactId, sendAt, userId", async () => {
    const schedule = await newSchedule();
    const sendAt = new Date(Date.now() + 5 * 3_600_000);
    const res = await t.http.put(`/schedules/${schedule.id}`, { body: "Lembrete do pagamento (2ª via)", contactId: contact.id, sendAt: localDateTime(sendAt), userId: admin.user.id }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: schedule.id, body: "Lembrete do pagamento (2ª via)" } });
    expect(new Date(res.body.sendAt).getTime()).toBe(new Date(localDateTime(sendAt)).getTime());
  });

  it("POST /schedules/{id}/media-upload as multipart with file", async () => {
    const schedule = await newSchedule();
    const res = await multipart(t, "POST", `/schedules/${schedule.id}/media-upload`, admin.token, {}, [{ field: "file", name: "boleto.png", data: PNG, type: "image/png" }]);
    expect(res.status).toBe(200);
    expect((await t.http.get(`/schedules/${schedule.id}`, admin.token)).body).toMatchObject({ mediaName: "boleto.png", mediaPath: expect.any(String) });
  });

  it("DELETE /schedules/{id}/media-upload", async () => {
    const schedule = await newSchedule();
    await multipart(t, "POST", `/schedules/${schedule.id}/media-upload`, admin.token, {}, [{ field: "file", name: "boleto.png", data: PNG, type: "image/png" }]);
    expect((await t.http.del(`/schedules/${schedule.id}/media-upload`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/schedules/${schedule.id}`, admin.token)).body).toMatchObject({ mediaName: null, mediaPath: null });
  });
});

describe("Lists used by the top bar, dashboard and forms", () => {
  it("GET /queue", async () => {
    const res = await t.http.get("/queue", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: queue.id, name: "Comercial", color: "#0A7CFF" }));
  });

  it("GET /prompt", async () => {
    const res = await t.http.get("/prompt", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ prompts: expect.any(Array), count: expect.any(Number), hasMore: false });
  });

  it("GET /whatsapp with companyId and session=0", async () => {
    for (const path of [`/whatsapp?companyId=${admin.user.companyId}&session=0`, "/whatsapp/?session=0"]) {
      const res = await t.http.get(path, admin.token);
      expect(res.status, path).toBe(200);
      const connection = res.body.find((w: { id: number }) => w.id === sandbox.id);
      for (const key of ["id", "name", "status", "updatedAt", "qrcode", "retries", "isDefault"]) expect(connection, `${path} ${key}`).toHaveProperty(key);
      expect(connection.status).toBe("CONNECTED");
    }
  });

  it("GET whatsapp/{id}?session=0", async () => {
    const res = await t.http.get(`/whatsapp/${sandbox.id}?session=0`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: sandbox.id, name: sandbox.name, status: "CONNECTED" } });
    expect(res.body).toHaveProperty("qrcode");
  });

  it("GET /announcements/ with searchParam, pageNumber: records and hasMore", async () => {
    const res = await t.http.get("/announcements/?searchParam=&pageNumber=1", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ records: expect.any(Array), hasMore: expect.any(Boolean) });
  });
  it("GET /chats/ with searchParam, pageNumber: records and hasMore", async () => {
    const res = await t.http.get("/chats/?searchParam=&pageNumber=1", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ records: expect.any(Array), hasMore: expect.any(Boolean) });
  });

  it("GET /dashboard with days, date_from, date_to: counters and attendants", async () => {
    const weekAgo = localDay(new Date(Date.now() - 7 * 86_400_000));
    const res = await t.http.get(`/dashboard?days=7&date_from=${weekAgo}&date_to=${localDay()}`, admin.token);
    expect(res.status).toBe(200);
    const n = expect.any(Number);
    expect(res.body.counters).toMatchObject({ supportHappening: n, supportPending: n, supportFinished: n, avgSupportTime: n, avgWaitTime: n });
    expect(res.body.counters.supportHappening).toBeGreaterThan(0);
    expect(res.body.attendants).toContainEqual(expect.objectContaining({ name: admin.user.name, rating: n, avgSupportTime: n, online: expect.any(Boolean) }));
  });

  const chartQuery = () => `initialDate=${localDay(new Date(Date.now() - 86_400_000))}&finalDate=${localDay()}&companyId=${admin.user.companyId}`;

  it("GET /dashboard/ticketsUsers with initialDate, finalDate and companyId", async () => {
    const res = await t.http.get(`/dashboard/ticketsUsers?${chartQuery()}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ nome: admin.user.name, quantidade: expect.any(Number) });
  });

  it("GET /dashboard/ticketsDay with initialDate, finalDate and companyId", async () => {
    const res = await t.http.get(`/dashboard/ticketsDay?${chartQuery()}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { data: expect.any(Array), count: expect.any(Number) } });
    expect(res.body.count).toBeGreaterThan(0);
  });

  it("GET /contacts with searchParam, pageNumber, date, dateStart, dateEnd: contacts, hasMore, count", async () => {
    const today = localDay(new Date(contact.createdAt));
    const res = await t.http.get(`/contacts?searchParam=${encodeURIComponent("joana prado")}&pageNumber=1&date=${today}&dateStart=${today}&dateEnd=${today}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("contacts"), count: 1 });
    expect(res.body.contacts[0]).toMatchObject({ id: contact.id, name: "Joana Prado" });
  });

  it("GET /contacts/{id}", async () => {
    const res = await t.http.get(`/contacts/${contact.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: contact.id, name: "Joana Prado", number: expect.any(String), email: "joana@example.com", profilePicUrl: expect.any(String), extraInfo: [] } });
  });

  it("POST /contacts: name, number, email, extraInfo", async () => {
    const res = await t.http.post("/contacts", { name: "Rui Campos", number: "+55 (21) 99876-5432", email: "rui@example.com", extraInfo: [{ name: "CPF", value: "123.456.789-00" }] }, admin.token);
    expect(res).toMatchObject({
      status: 201,
      body: { id: expect.any(Number), name: "Rui Campos", number: "5521998765432", email: "rui@example.com", extraInfo: [expect.objectContaining({ name: "CPF", value: "123.456.789-00" })] },
    });
  });

  it("PUT /contacts/{id} with the contact as the modal loaded it", async () => {
    const own = await created(t, "/contacts", { name: "Sara Nunes", number: newPhone(), email: "", extraInfo: [{ name: "Loja", value: "Centro" }] }, admin.token);
    const loaded = (await t.http.get(`/contacts/${own.id}`, admin.token)).body;
    const extraInfo = [...loaded.extraInfo, { name: "Plano", value: "Ouro" }];
    const res = await t.http.put(`/contacts/${own.id}`, { ...loaded, name: "Sara Nunes Lima", email: "sara@example.com", extraInfo }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: own.id, name: "Sara Nunes Lima", email: "sara@example.com" } });
    expect(res.body.extraInfo.map((i: { name: string }) => i.name)).toEqual(["Loja", "Plano"]);
  });

  it("GET /contacts/list with companyId", async () => {
    const res = await t.http.get(`/contacts/list?companyId=${admin.user.companyId}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: contact.id, name: "Joana Prado" }));
  });
});
