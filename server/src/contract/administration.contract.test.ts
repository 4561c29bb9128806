import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "@e965/xlsx";
import { startTestApp, unique, type TestApp } from "../test/harness";
import { AsaasStandIn } from "../test/standins/asaas";
import { acceptedConversation, adminSession, created, multipart, newPhone, page, pairedSandbox, type Sandbox, type Session } from "./fixtures";

/*
 * Section 7 of administration.md, "The calls it makes" (connections to tags and kanban): each call
 * exactly as the original client makes it, with the seeded super admin's token.
 */

let t: TestApp;
let admin: Session;
let sandbox: Sandbox;
let queue: { id: number; name: string };
let tag: { id: number; name: string };
let asaas: AsaasStandIn;
const ASAAS_TOKEN = "aact_contract_0123456789";

beforeAll(async () => {
  asaas = await new AsaasStandIn(ASAAS_TOKEN).start();
  t = await startTestApp({ env: { ASAAS_API_URL: asaas.url, ASAAS_WEBHOOK_TOKEN: "whk-contract-0123456789abcdef" } });
  admin = await adminSession(t);
  sandbox = await pairedSandbox(t.http, admin.token);
  queue = await created(t, "/queue", { name: "Suporte", color: "#2E7D32" }, admin.token);
  tag = await created(t, "/tags", { name: "Negociação", color: "#FF8800", kanban: 1 }, admin.token);
});
afterAll(async () => {
  await t?.close();
  await asaas?.stop();
});

/** A week of hours as the queue and company dialogs send them. */
const week = [
  { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Quarta-feira", weekdayEn: "wednesday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Quinta-feira", weekdayEn: "thursday", startTime: "08:00", endTime: "18:00" },
  { weekday: "Sexta-feira", weekdayEn: "friday", startTime: "08:00", endTime: "17:00" },
  { weekday: "Sábado", weekdayEn: "saturday", startTime: "09:00", endTime: "12:00" },
  { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
];

/** The connection dialog's fields with the values a new, untouched dialog sends. */
const connectionForm = (name: string) => ({
  name,
  isDefault: false,
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  token: "",
  queueIds: [] as number[],
  promptId: null,
  timeToTransfer: "",
  transferQueueId: null,
  expiresTicket: 0,
  expiresInactiveMessage: "",
});

const newConnection = () => created(t, "/whatsapp", { name: unique("Loja "), channel: "sandbox" }, admin.token);
const statusOf = async (id: number) => (await t.http.get(`/whatsapp/${id}`, admin.token)).body.status as string;

describe("Connections", () => {
  it("POST /whatsapp with the connection dialog's fields", async () => {
    const res = await t.http.post("/whatsapp", { ...connectionForm("Vendas"), greetingMessage: "Olá!", queueIds: [queue.id] }, admin.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: "Vendas", greetingMessage: "Olá!", isDefault: false, queues: [expect.objectContaining({ id: queue.id })] });
    // a blank token means "make one"
    expect(res.body.token).toMatch(/^\S{32,}$/);
  });

  it("PUT /whatsapp/{id} with the connection dialog's fields", async () => {
    const connection = await newConnection();
    const res = await t.http.put(`/whatsapp/${connection.id}`, { ...connectionForm("Pós-venda"), complationMessage: "Obrigado!", transferQueueId: queue.id, timeToTransfer: 10 }, admin.token);
    // a blank token keeps the one the connection has
    expect(res).toMatchObject({ status: 200, body: { id: connection.id, name: "Pós-venda", complationMessage: "Obrigado!", transferQueueId: queue.id, timeToTransfer: 10, token: connection.token } });
  });

  it("GET /whatsapp/{id} reads the qrcode", async () => {
    const connection = await newConnection();
    const res = await t.http.get(`/whatsapp/${connection.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: connection.id, status: "qrcode", qrcode: expect.stringMatching(/\S/) } });
  });

  it("DELETE /whatsapp/{id}", async () => {
    const connection = await newConnection();
    expect((await t.http.del(`/whatsapp/${connection.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/whatsapp/${connection.id}`, admin.token)).status).toBe(404);
  });

  it("GET /whatsapp with companyId and session", async () => {
    const res = await t.http.get(`/whatsapp?companyId=${admin.user.companyId}&session=0`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: sandbox.id, name: sandbox.name, status: "CONNECTED" }));
  });

  it("POST /whatsappsession/{id} retries the session", async () => {
    const connection = await newConnection();
    await t.http.del(`/whatsappsession/${connection.id}`, admin.token);
    expect((await t.http.post(`/whatsappsession/${connection.id}`, {}, admin.token)).status).toBe(200);
    expect(await statusOf(connection.id)).toBe("qrcode");
  });

  it("PUT /whatsappsession/{id} asks for a new QR code", async () => {
    const connection = await newConnection();
    await t.http.del(`/whatsappsession/${connection.id}`, admin.token);
    expect((await t.http.put(`/whatsappsession/${connection.id}`, {}, admin.token)).status).toBe(200);
    expect((await t.http.get(`/whatsapp/${connection.id}`, admin.token)).body).toMatchObject({ status: "qrcode", qrcode: expect.stringMatching(/\S/) });
  });

  it("DELETE /whatsappsession/{id} disconnects", async () => {
    const connection = await newConnection();
    expect((await t.http.del(`/whatsappsession/${connection.id}`, admin.token)).status).toBe(200);
    expect(await statusOf(connection.id)).toBe("DISCONNECTED");
  });
});

/** The super user's company form as the original client sends it (dueDate empty: null). */
const companyForm = (name: string, email: string) => ({ name, email, phone: "(11) 97777-6666", planId: 1, status: true, campaignsEnabled: true, dueDate: "", recurrence: "MENSAL" });

describe("Companies and plans", () => {
  it("POST /companies, PUT /companies/{id}, GET /companies/list and DELETE /companies/{id} with the company form", async () => {
    const name = unique("Mercado ");
    const made = await t.http.post("/companies", companyForm(name, `${unique("m")}@example.com`), admin.token);
    expect(made).toMatchObject({ status: 201, body: { id: expect.any(Number), name, dueDate: null, recurrence: "MENSAL", planId: 1 } });
    const updated = await t.http.put(`/companies/${made.body.id}`, { ...companyForm(name, made.body.email), dueDate: "2030-01-31", recurrence: "ANUAL" }, admin.token);
    expect(updated).toMatchObject({ status: 200, body: { id: made.body.id, dueDate: "2030-01-31", recurrence: "ANUAL" } });
    const list = await t.http.get("/companies/list", admin.token);
    expect(list.status).toBe(200);
    expect(list.body).toContainEqual(expect.objectContaining({ id: made.body.id, name }));
    expect((await t.http.del(`/companies/${made.body.id}`, admin.token)).status).toBeLessThan(300);
  });

  it("GET /companies/{id}", async () => {
    const res = await t.http.get(`/companies/${admin.user.companyId}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: admin.user.companyId, name: expect.any(String), dueDate: expect.any(String), schedules: expect.any(Array) } });
  });

  it("GET /companies with searchParam, pageNumber: companies, count, hasMore", async () => {
    const res = await t.http.get("/companies?searchParam=&pageNumber=1", admin.token);
    expect(res).toMatchObject({ status: 200, body: { companies: expect.any(Array), count: expect.any(Number), hasMore: expect.any(Boolean) } });
  });

  it("PUT /companies/{id}/schedules with body {id, schedules}", async () => {
    const res = await t.http.put(`/companies/${admin.user.companyId}/schedules`, { id: admin.user.companyId, schedules: week }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: admin.user.companyId, schedules: week } });
  });

  it("Plans: list (GET /plans/list, /plans/all), find (GET /plans/{id}), save (POST /plans), update (PUT /plans/{id}), remove (DELETE /plans/{id})", async () => {
    const plan = {
      name: unique("Plano "),
      users: 3,
      connections: 2,
      queues: 4,
      value: 49.9,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: false,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: false,
      useIntegrations: false,
    };
    const saved = await t.http.post("/plans", plan, admin.token);
    expect(saved).toMatchObject({ status: 201, body: { id: expect.any(Number), ...plan } });
    expect((await t.http.get(`/plans/${saved.body.id}`, admin.token)).body).toMatchObject(plan);
    for (const path of ["/plans/list", "/plans/all"]) expect((await t.http.get(path, admin.token)).body).toContainEqual(expect.objectContaining({ id: saved.body.id }));
    expect(await t.http.put(`/plans/${saved.body.id}`, { ...plan, value: 59.9 }, admin.token)).toMatchObject({ status: 200, body: { value: 59.9 } });
    expect((await t.http.del(`/plans/${saved.body.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/plans/${saved.body.id}`, admin.token)).status).toBe(404);
  });
});

describe("Queues", () => {
  it("GET /queue with the optional companyId", async () => {
    const res = await t.http.get(`/queue?companyId=${admin.user.companyId}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: queue.id, name: "Suporte", color: "#2E7D32" }));
  });

  it("GET /queue/{id}", async () => {
    const res = await t.http.get(`/queue/${queue.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: queue.id, name: "Suporte", color: "#2E7D32", schedules: expect.any(Array) } });
    expect(res.body).toHaveProperty("promptId");
  });

  it("POST /queue with schedules and promptId", async () => {
    const body = { name: "Financeiro", color: "#6A1B9A", greetingMessage: "Bem-vindo ao financeiro", outOfHoursMessage: "Volte amanhã", orderQueue: "", schedules: week, promptId: null };
    const res = await t.http.post("/queue", body, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), name: "Financeiro", greetingMessage: "Bem-vindo ao financeiro", schedules: week, promptId: null } });
  });

  it("PUT /queue/{id} with the queue as the dialog loaded it", async () => {
    const own = await created(t, "/queue", { name: "Cobrança", color: "#123456" }, admin.token);
    const loaded = (await t.http.get(`/queue/${own.id}`, admin.token)).body;
    const res = await t.http.put(`/queue/${own.id}`, { ...loaded, name: "Cobranças", schedules: week.slice(0, 5), promptId: null }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: own.id, name: "Cobranças", schedules: week.slice(0, 5) } });
  });

  it("DELETE /queue/{id}", async () => {
    const own = await created(t, "/queue", { name: "Temporária", color: "#654321" }, admin.token);
    expect((await t.http.del(`/queue/${own.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/queue/${own.id}`, admin.token)).status).toBe(404);
  });

  const option = (title: string, parentId: number | null = null) => created(t, "/queue-options", { queueId: queue.id, parentId, title, message: `Opção ${title}`, option: "1" }, admin.token);

  it("GET /queue-options with queueId and parentId -1 for the top level", async () => {
    const top = await option("Planos");
    await option("Upgrade", top.id);
    const res = await t.http.get(`/queue-options?queueId=${queue.id}&parentId=-1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: top.id, title: "Planos", queueId: queue.id, parentId: null }));
    expect(res.body.map((o: { title: string }) => o.title)).not.toContain("Upgrade");
  });

  it("POST /queue-options", async () => {
    const res = await t.http.post("/queue-options", { queueId: queue.id, parentId: null, title: "Segunda via", message: "Envie seu CPF", option: "2" }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), title: "Segunda via", message: "Envie seu CPF", option: "2", queueId: queue.id, parentId: null } });
  });

  it("PUT /queue-options/{id}", async () => {
    const own = await option("Horários");
    const res = await t.http.put(`/queue-options/${own.id}`, { ...own, title: "Horário de atendimento", message: "Seg a sex, 8h às 18h" }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: own.id, title: "Horário de atendimento", message: "Seg a sex, 8h às 18h" } });
  });

  it("DELETE /queue-options/{id}", async () => {
    const own = await option("Descartável");
    expect((await t.http.del(`/queue-options/${own.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/queue-options/${own.id}`, admin.token)).status).toBe(404);
  });
});

describe("Users", () => {
  const newUser = (name: string) => created(t, "/users", { name, email: `${unique("u")}@example.com`, password: "senha12", profile: "user" }, admin.token);

  it("GET /users/ with searchParam, pageNumber: users and hasMore", async () => {
    const user = await newUser("Helena Prates");
    const res = await t.http.get(`/users/?searchParam=${encodeURIComponent("helena")}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("users"), hasMore: false });
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([user.id]);
  });

  it("GET /users/list with companyId", async () => {
    const res = await t.http.get(`/users/list?companyId=${admin.user.companyId}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: admin.user.id, name: admin.user.name }));
  });

  it("GET /users/{id}", async () => {
    const res = await t.http.get(`/users/${admin.user.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: admin.user.id, email: admin.user.email, profile: "admin", companyId: admin.user.companyId, queues: expect.any(Array) } });
  });

  it("POST /users", async () => {
    const res = await t.http.post("/users", { name: "Igor Mota", email: `${unique("igor")}@example.com`, password: "senha12", profile: "admin", queueIds: [queue.id] }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), name: "Igor Mota", profile: "admin", queues: [expect.objectContaining({ id: queue.id })] } });
  });

  it("PUT /users/{id} with companyId and queueIds", async () => {
    const user = await newUser("Júlia Reis");
    const res = await t.http.put(`/users/${user.id}`, { name: "Júlia Reis", email: user.email, password: "", profile: "user", companyId: admin.user.companyId, queueIds: [queue.id] }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: user.id, companyId: admin.user.companyId, queues: [expect.objectContaining({ id: queue.id })] } });
  });

  it("DELETE /users/{id}", async () => {
    const user = await newUser("Karla Sá");
    expect((await t.http.del(`/users/${user.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/users/${user.id}`, admin.token)).status).toBe(404);
  });
});

describe("Helps and settings", () => {
  const newHelp = (title: string) => created(t, "/helps", { title, description: "Passo a passo", video: "dQw4w9WgXcQ" }, admin.token);

  it("GET /helps", async () => {
    const help = await newHelp("Como abrir um ticket");
    const res = await t.http.get("/helps", admin.token);
    expect(res.status).toBe(200);
    expect(res.body.records).toContainEqual(expect.objectContaining({ id: help.id, title: "Como abrir um ticket", video: "dQw4w9WgXcQ", description: "Passo a passo" }));
  });

  it("GET /helps/list", async () => {
    const help = await newHelp("Como transferir");
    const res = await t.http.get("/helps/list", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ id: help.id, title: "Como transferir", video: "dQw4w9WgXcQ" }));
  });

  it("POST /helps", async () => {
    const res = await t.http.post("/helps", { title: "Respostas rápidas", description: "Atalhos com /", video: "abcDEF12345" }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), title: "Respostas rápidas", video: "abcDEF12345", description: "Atalhos com /" } });
  });

  it("PUT /helps/{id}", async () => {
    const help = await newHelp("Agendamentos");
    const res = await t.http.put(`/helps/${help.id}`, { ...help, title: "Agendamentos de mensagens" }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: help.id, title: "Agendamentos de mensagens" } });
  });

  it("DELETE /helps/{id}", async () => {
    const help = await newHelp("Obsoleto");
    expect((await t.http.del(`/helps/${help.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/helps/${help.id}`, admin.token)).status).toBe(404);
  });

  it("GET /settings", async () => {
    const res = await t.http.get("/settings", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(expect.objectContaining({ key: "userRating", value: expect.any(String) }));
  });

  it("PUT /settings/{key} with body {key, value}", async () => {
    const res = await t.http.put("/settings/userRating", { key: "userRating", value: "enabled" }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { key: "userRating", value: "enabled" } });
    expect((await t.http.get("/settings", admin.token)).body).toContainEqual(expect.objectContaining({ key: "userRating", value: "enabled" }));
  });
});

describe("Billing", () => {
  /** A company due in 3 days (so its invoice is made) and its admin's session. */
  async function companyOwing() {
    const email = `${unique("fin")}@example.com`;
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    await created(t, "/companies", { ...companyForm(unique("Loja "), email), dueDate: due, password: "owner-pass1" }, admin.token);
    return t.http.login(email, "owner-pass1");
  }

  it("GET /invoices/all with searchParam, pageNumber: the list", async () => {
    const owner = await companyOwing();
    const res = await t.http.get("/invoices/all?searchParam=&pageNumber=1", owner.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: expect.any(Number), detail: expect.any(String), value: expect.any(Number), dueDate: expect.any(String), status: "open" })]);
  });

  it("POST /subscription with the checkout's payload answers the Pix data (qrcode.qrcode, valor.original)", async () => {
    expect((await t.http.put("/settings/asaas", { value: ASAAS_TOKEN }, admin.token)).status).toBe(200);
    const owner = await companyOwing();
    const [invoice] = (await t.http.get("/invoices/all?searchParam=&pageNumber=1", owner.token)).body;
    const payload = {
      firstName: "Ana",
      lastName: "Costa",
      address2: "Rua A, 1",
      city: "Campinas",
      state: "SP",
      zipcode: "13000-000",
      country: "BR",
      useAddressForPaymentDetails: false,
      nameOnCard: "",
      cardNumber: "",
      cvv: "",
      plan: JSON.stringify({ title: "Plano 1", price: 30 }),
      price: 30,
      users: 10,
      connections: 10,
      invoiceId: invoice.id,
    };
    const res = await t.http.post("/subscription", payload, owner.token);
    expect(res).toMatchObject({ status: 200, body: { qrcode: { qrcode: expect.any(String) }, valor: { original: invoice.value.toFixed(2) } } });
  });
});

describe("Contacts and tags", () => {
  const newTag = (name: string) => created(t, "/tags", { name, color: "#0055AA", kanban: 0 }, admin.token);

  it("GET /contacts/ with searchParam, pageNumber: contacts and hasMore", async () => {
    const contact = await created(t, "/contacts", { name: "Lucas Pereira", number: newPhone(), email: "" }, admin.token);
    const res = await t.http.get(`/contacts/?searchParam=${encodeURIComponent("lucas pereira")}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("contacts"), hasMore: false });
    expect(res.body.contacts).toEqual([expect.objectContaining({ id: contact.id, name: "Lucas Pereira", number: contact.number, email: "", profilePicUrl: expect.any(String) })]);
  });

  it("POST /contacts/import as multipart with a spreadsheet", async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ["Nome", "Número", "E-mail"],
        ["Marta Rocha", "5511912345678", "marta@example.com"],
      ]),
      "Contatos",
    );
    const file = XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Buffer;
    const res = await multipart(t, "POST", "/contacts/import", admin.token, {}, [{ field: "file", name: "contatos.xlsx", data: file }]);
    expect(res.status).toBe(200);
    const found = await t.http.get(`/contacts/?searchParam=${encodeURIComponent("marta rocha")}&pageNumber=1`, admin.token);
    expect(found.body.contacts).toEqual([expect.objectContaining({ name: "Marta Rocha", number: "5511912345678", email: "marta@example.com" })]);
  });

  it("DELETE /contacts/{id}", async () => {
    const contact = await created(t, "/contacts", { name: "Nina Alves", number: newPhone() }, admin.token);
    expect((await t.http.del(`/contacts/${contact.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/contacts/${contact.id}`, admin.token)).status).toBe(404);
  });

  it("GET /tags/ with searchParam, pageNumber: tags and hasMore", async () => {
    const own = await newTag("Recompra");
    const res = await t.http.get(`/tags/?searchParam=${encodeURIComponent("recompra")}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("tags"), hasMore: false });
    expect(res.body.tags).toEqual([expect.objectContaining({ id: own.id, name: "Recompra", color: "#0055AA", ticketsCount: 0 })]);
  });

  it("GET /tags/{id}", async () => {
    const res = await t.http.get(`/tags/${tag.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: tag.id, name: "Negociação", color: "#FF8800", kanban: 1 } });
  });

  it("POST /tags", async () => {
    const res = await t.http.post("/tags", { name: "Atacado", color: "#00AA55", kanban: 1 }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), name: "Atacado", color: "#00AA55", kanban: 1 } });
  });

  it("PUT /tags/{id}", async () => {
    const own = await newTag("Varejo");
    const res = await t.http.put(`/tags/${own.id}`, { ...own, name: "Varejo online", kanban: 1 }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: own.id, name: "Varejo online", kanban: 1 } });
  });

  it("DELETE /tags/{id}", async () => {
    const own = await newTag("Descartar");
    expect((await t.http.del(`/tags/${own.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/tags/${own.id}`, admin.token)).status).toBe(404);
  });

  it("GET /tags/kanban: lista", async () => {
    const res = await t.http.get("/tags/kanban", admin.token);
    expect(res.status).toBe(200);
    expect(res.body.lista).toContainEqual(expect.objectContaining({ id: tag.id, name: "Negociação", color: "#FF8800" }));
  });

  it("GET /tags with companyId: tags", async () => {
    const res = await t.http.get(`/tags?companyId=${admin.user.companyId}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.tags).toContainEqual(expect.objectContaining({ id: tag.id, name: "Negociação" }));
  });

  it("GET /ticket/kanban with queueIds (a JSON list) and the test flag: tickets", async () => {
    const { ticket } = await acceptedConversation(t, admin, sandbox);
    const res = await t.http.get(`/ticket/kanban?queueIds=${encodeURIComponent(JSON.stringify([queue.id]))}&teste=true`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.tickets).toContainEqual(
      expect.objectContaining({ id: ticket.id, uuid: ticket.uuid, tags: expect.any(Array), contact: expect.objectContaining({ name: expect.any(String), number: expect.any(String) }) }),
    );
  });

  it("PUT /ticket-tags/{ticketId}/{tagId}", async () => {
    const { ticket } = await acceptedConversation(t, admin, sandbox);
    expect((await t.http.put(`/ticket-tags/${ticket.id}/${tag.id}`, {}, admin.token)).status).toBe(201);
    expect((await t.http.get(`/tickets/${ticket.id}`, admin.token)).body.tags).toEqual([expect.objectContaining({ id: tag.id })]);
  });

  it("DELETE /ticket-tags/{ticketId}", async () => {
    const { ticket } = await acceptedConversation(t, admin, sandbox);
    await t.http.put(`/ticket-tags/${ticket.id}/${tag.id}`, {}, admin.token);
    expect((await t.http.del(`/ticket-tags/${ticket.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/tickets/${ticket.id}`, admin.token)).body.tags).toEqual([]);
  });
});
