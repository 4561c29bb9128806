import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, unique, type TestApp } from "../test/harness";
import { codeIn, startMailbox, type Mailbox } from "../test/mailbox";
import { PNG, adminSession, created, localDateTime, multipart, newPhone, page, pairedSandbox, type Sandbox, type Session } from "./fixtures";

/*
 * Section 7 of administration.md, "The calls it makes" (prompts to the messages API): each call
 * exactly as the original client makes it (AI prompts and queue integrations: administration.bots).
 */

let t: TestApp;
let admin: Session;
let sandbox: Sandbox;
let contact: { id: number; name: string };
let mailbox: Mailbox;

beforeAll(async () => {
  mailbox = await startMailbox();
  t = await startTestApp({ env: { SMTP_URL: mailbox.url } });
  admin = await adminSession(t);
  sandbox = await pairedSandbox(t.http, admin.token);
  contact = await created(t, "/contacts", { name: "Otávio Brandão", number: newPhone() }, admin.token);
});
afterAll(async () => {
  await t?.close();
  await mailbox?.close();
});

describe("Contact lists", () => {
  const newList = () => created(t, "/contact-lists", { name: unique("Clientes ") }, admin.token);
  const newItem = (contactListId: number) => created(t, "/contact-list-items", { name: "Bianca Prado", number: newPhone(), email: "bianca@example.com", companyId: admin.user.companyId, contactListId }, admin.token);

  it("GET /contact-lists/ with searchParam, pageNumber: records and hasMore", async () => {
    const list = await newList();
    const res = await t.http.get(`/contact-lists/?searchParam=${encodeURIComponent(list.name.toLowerCase())}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("records"), hasMore: false });
    expect(res.body.records).toEqual([expect.objectContaining({ id: list.id, name: list.name, contactsCount: 0 })]);
  });

  it("GET /contact-lists/{id}", async () => {
    const list = await newList();
    expect(await t.http.get(`/contact-lists/${list.id}`, admin.token)).toMatchObject({ status: 200, body: { id: list.id, name: list.name, contactsCount: 0 } });
  });

  it("POST /contact-lists", async () => {
    const name = unique("Aniversariantes ");
    expect(await t.http.post("/contact-lists", { name }, admin.token)).toMatchObject({ status: 201, body: { id: expect.any(Number), name } });
  });

  it("PUT /contact-lists/{id}", async () => {
    const list = await newList();
    const name = unique("Renomeada ");
    expect(await t.http.put(`/contact-lists/${list.id}`, { name }, admin.token)).toMatchObject({ status: 200, body: { id: list.id, name } });
  });

  it("DELETE /contact-lists/{id}", async () => {
    const list = await newList();
    expect((await t.http.del(`/contact-lists/${list.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/contact-lists/${list.id}`, admin.token)).status).toBe(404);
  });

  it("GET /contact-lists/list with params: a plain list", async () => {
    const list = await newList();
    const res = await t.http.get(`/contact-lists/list?companyId=${admin.user.companyId}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining([expect.objectContaining({ id: list.id, name: list.name })]));
  });

  it("POST /contact-lists/{id}/upload as multipart with file", async () => {
    const list = await newList();
    const csv = `name,number,email\nCaio Prado,${newPhone()},caio@example.com\n`;
    const res = await multipart(t, "POST", `/contact-lists/${list.id}/upload`, admin.token, {}, [{ field: "file", name: "planilha.csv", data: csv, type: "text/csv" }]);
    expect(res).toMatchObject({ status: 200, body: { total: 1, created: 1, errors: [] } });
  });

  it("GET contact-list-items with searchParam, pageNumber, contactListId: contacts and hasMore", async () => {
    const list = await newList();
    const item = await newItem(list.id);
    const res = await t.http.get(`/contact-list-items?searchParam=bianca&pageNumber=1&contactListId=${list.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("contacts"), hasMore: false });
    expect(res.body.contacts).toEqual([expect.objectContaining({ id: item.id, name: "Bianca Prado", number: item.number, email: "bianca@example.com", isWhatsappValid: null })]);
  });

  it("GET /contact-list-items/{id}", async () => {
    const item = await newItem((await newList()).id);
    expect(await t.http.get(`/contact-list-items/${item.id}`, admin.token)).toMatchObject({ status: 200, body: { id: item.id, name: "Bianca Prado", number: item.number } });
  });

  it("POST /contact-list-items: name, number, email, companyId, contactListId", async () => {
    const list = await newList();
    const number = newPhone();
    const res = await t.http.post("/contact-list-items", { name: "Davi Prado", number, email: "", companyId: admin.user.companyId, contactListId: list.id }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), name: "Davi Prado", number, contactListId: list.id } });
  });

  it("PUT /contact-list-items/{id}", async () => {
    const list = await newList();
    const item = await newItem(list.id);
    const res = await t.http.put(`/contact-list-items/${item.id}`, { name: "Bianca Prado Reis", number: item.number, email: "", companyId: admin.user.companyId, contactListId: String(list.id) }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: item.id, name: "Bianca Prado Reis", email: "" } });
  });

  it("DELETE /contact-list-items/{id}", async () => {
    const item = await newItem((await newList()).id);
    expect((await t.http.del(`/contact-list-items/${item.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/contact-list-items/${item.id}`, admin.token)).status).toBe(404);
  });
});

describe("Quick messages", () => {
  const form = (shortcode: string) => ({ shortcode, message: "Segue nosso horário: 8h às 18h", geral: true, status: true, isMedia: false, mediaPath: null });
  const newQuick = () => created(t, "/quick-messages", form(unique("horario")), admin.token);
  const attach = (id: number) => multipart(t, "POST", `/quick-messages/${id}/media-upload`, admin.token, { typeArch: "quickMessage" }, [{ field: "file", name: "tabela de precos.png", data: PNG, type: "image/png" }]);

  it("GET /quick-messages with searchParam, pageNumber, userId: records and hasMore", async () => {
    const quick = await newQuick();
    const res = await t.http.get(`/quick-messages?searchParam=${encodeURIComponent(quick.shortcode)}&pageNumber=1&userId=${admin.user.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("records"), hasMore: false });
    expect(res.body.records).toEqual([expect.objectContaining({ id: quick.id, shortcode: quick.shortcode })]);
  });

  it("GET /quick-messages/{id}", async () => {
    const quick = await newQuick();
    const res = await t.http.get(`/quick-messages/${quick.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: quick.id, shortcode: quick.shortcode, message: "Segue nosso horário: 8h às 18h", geral: true, status: true, isMedia: false, mediaPath: null, mediaName: null } });
  });

  it("POST /quick-messages: shortcode, message, geral, status, isMedia, mediaPath", async () => {
    const shortcode = unique("boasvindas");
    const res = await t.http.post("/quick-messages", form(shortcode), admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), shortcode, geral: true, status: true, isMedia: false } });
  });

  it("PUT /quick-messages/{id}: shortcode, message, geral, status, isMedia, mediaPath", async () => {
    const quick = await newQuick();
    const res = await t.http.put(`/quick-messages/${quick.id}`, { ...form(quick.shortcode), message: "Novo horário: 9h às 19h", geral: false }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: quick.id, message: "Novo horário: 9h às 19h", geral: false } });
  });

  it("POST /quick-messages/{id}/media-upload as multipart with typeArch 'quickMessage' and file", async () => {
    const quick = await newQuick();
    const res = await attach(quick.id);
    expect(res.status).toBe(200);
    expect((await t.http.get(`/quick-messages/${quick.id}`, admin.token)).body).toMatchObject({ isMedia: true, mediaName: "tabela_de_precos.png", mediaPath: expect.any(String) });
  });

  it("DELETE /quick-messages/{id}/media-upload", async () => {
    const quick = await newQuick();
    await attach(quick.id);
    expect((await t.http.del(`/quick-messages/${quick.id}/media-upload`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/quick-messages/${quick.id}`, admin.token)).body).toMatchObject({ isMedia: false, mediaName: null, mediaPath: null });
  });

  it("DELETE /quick-messages/{id}", async () => {
    const quick = await newQuick();
    expect((await t.http.del(`/quick-messages/${quick.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/quick-messages/${quick.id}`, admin.token)).status).toBe(404);
  });
});

describe("Schedules", () => {
  const newSchedule = (body: string) => created(t, "/schedules", { body, contactId: contact.id, sendAt: localDateTime(new Date(Date.now() + 86_400_000)) }, admin.token);

  it("GET /schedules/ with searchParam, pageNumber: schedules and hasMore", async () => {
    const schedule = await newSchedule("Aniversário do cliente");
    const res = await t.http.get(`/schedules/?searchParam=${encodeURIComponent("aniversário")}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("schedules"), hasMore: false });
    expect(res.body.schedules).toEqual([expect.objectContaining({ id: schedule.id, sendAt: expect.any(String), contactId: contact.id, contact: expect.objectContaining({ name: "Otávio Brandão" }) })]);
  });

  it("DELETE /schedules/{id}", async () => {
    const schedule = await newSchedule("Lembrete cancelado");
    expect((await t.http.del(`/schedules/${schedule.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/schedules/${schedule.id}`, admin.token)).status).toBe(404);
  });
});

describe("Campaigns", () => {
  const pad = (n: number) => String(n).padStart(2, "0");
  /** The dialog's scheduledAt: "yyyy-MM-dd HH:mm:ss", local. */
  const withSeconds = (d: Date) => `${localDateTime(d).replace("T", " ")}:${pad(d.getSeconds())}`;
  const campaignForm = (over: Record<string, unknown> = {}) => ({
    name: unique("Campanha "),
    confirmation: false,
    scheduledAt: "",
    whatsappId: "",
    contactListId: "",
    tagListId: "Nenhuma",
    fileListId: "",
    message1: "Olá {nome}!",
    message2: "",
    message3: "",
    message4: "",
    message5: "",
    confirmationMessage1: "",
    confirmationMessage2: "",
    confirmationMessage3: "",
    confirmationMessage4: "",
    confirmationMessage5: "",
    companyId: admin.user.companyId,
    ...over,
  });
  const newCampaign = (over: Record<string, unknown> = {}) => created(t, "/campaigns", campaignForm(over), admin.token);

  it("GET /campaigns/ with searchParam, pageNumber (records, hasMore)", async () => {
    const c = await newCampaign();
    const res = await t.http.get(`/campaigns/?searchParam=${encodeURIComponent(c.name.toLowerCase())}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("records"), hasMore: false });
    expect(res.body.records).toEqual([expect.objectContaining({ id: c.id, name: c.name, status: "INATIVA" })]);
  });

  it("GET /campaigns/{id}", async () => {
    const list = await created(t, "/contact-lists", { name: unique("Lista ") }, admin.token);
    const c = await newCampaign({ whatsappId: sandbox.id, contactListId: list.id });
    const res = await t.http.get(`/campaigns/${c.id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, whatsapp: { name: sandbox.name }, contactList: { name: list.name, contacts: [] }, shipping: [] });
  });

  it("POST /campaigns", async () => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 3 * 3_600_000);
    const list = await created(t, "/contact-lists", { name: unique("Lista ") }, admin.token);
    const res = await t.http.post("/campaigns", campaignForm({ scheduledAt: withSeconds(at), whatsappId: sandbox.id, contactListId: list.id }), admin.token);
    expect(res).toMatchObject({ status: 201, body: { status: "PROGRAMADA", scheduledAt: at.toISOString(), tagListId: null, fileListId: null } });
  });

  it("PUT /campaigns/{id}", async () => {
    const c = await newCampaign();
    const res = await t.http.put(`/campaigns/${c.id}`, campaignForm({ name: "Black Friday", confirmation: true, confirmationMessage1: "Posso enviar?" }), admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: c.id, name: "Black Friday", confirmation: true, confirmationMessage1: "Posso enviar?", status: "INATIVA" } });
  });

  it("POST /campaigns/{id}/media-upload (multipart file)", async () => {
    const c = await newCampaign();
    const res = await multipart(t, "POST", `/campaigns/${c.id}/media-upload`, admin.token, {}, [{ field: "file", name: "promo.png", data: PNG, type: "image/png" }]);
    expect(res).toMatchObject({ status: 200, body: { record: { id: c.id, mediaName: "promo.png" } } });
  });

  it("DELETE /campaigns/{id}/media-upload", async () => {
    const c = await newCampaign();
    await multipart(t, "POST", `/campaigns/${c.id}/media-upload`, admin.token, {}, [{ field: "file", name: "promo.png", data: PNG, type: "image/png" }]);
    expect(await t.http.del(`/campaigns/${c.id}/media-upload`, admin.token)).toMatchObject({ status: 200, body: { record: { mediaName: null, mediaPath: null } } });
  });

  it("POST /campaigns/{id}/cancel", async () => {
    const list = await created(t, "/contact-lists", { name: unique("Lista ") }, admin.token);
    const c = await newCampaign({ scheduledAt: withSeconds(new Date(Date.now() + 3 * 3_600_000)), whatsappId: sandbox.id, contactListId: list.id });
    expect(await t.http.post(`/campaigns/${c.id}/cancel`, {}, admin.token)).toMatchObject({ status: 200, body: { status: "CANCELADA" } });
  });

  it("POST /campaigns/{id}/restart", async () => {
    const list = await created(t, "/contact-lists", { name: unique("Lista ") }, admin.token);
    const c = await newCampaign({ scheduledAt: withSeconds(new Date(Date.now() + 3 * 3_600_000)), whatsappId: sandbox.id, contactListId: list.id });
    await t.http.post(`/campaigns/${c.id}/cancel`, {}, admin.token);
    expect(await t.http.post(`/campaigns/${c.id}/restart`, {}, admin.token)).toMatchObject({ status: 200, body: { status: "EM_ANDAMENTO" } });
  });

  it("DELETE /campaigns/{id}", async () => {
    const c = await newCampaign();
    expect((await t.http.del(`/campaigns/${c.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/campaigns/${c.id}`, admin.token)).status).toBe(404);
  });

  it("GET /campaign-settings (key and JSON-string value); POST /campaign-settings with settings", async () => {
    const settings = { messageInterval: 10, longerIntervalAfter: 5, greaterInterval: 30, variables: [{ key: "empresa", value: "Padaria" }] };
    expect((await t.http.post("/campaign-settings", { settings }, admin.token)).status).toBe(200);
    const list = (await t.http.get("/campaign-settings", admin.token)).body as { key: string; value: string }[];
    // the original client: Object.fromEntries(data.map((item) => [item.key, JSON.parse(item.value)]))
    expect(Object.fromEntries(list.map((item) => [item.key, JSON.parse(item.value)]))).toEqual(settings);
  });
});

describe("Files", () => {
  const form = (name: string, options: { id?: number; name: string }[]) => ({ name, message: "Segue nosso catálogo", options, userId: admin.user.id });
  const newList = () => created(t, "/files", form(unique("Catálogo "), [{ name: "Tabela de preços" }, { name: "Foto da loja" }]), admin.token);

  it("GET /files/ with searchParam and pageNumber: files and hasMore", async () => {
    const list = await newList();
    const res = await t.http.get(`/files/?searchParam=${encodeURIComponent(list.name.toLowerCase())}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("files"), hasMore: false });
    expect(res.body.files).toEqual([expect.objectContaining({ id: list.id, name: list.name })]);
  });

  it("GET /files/ with companyId: files", async () => {
    const list = await newList();
    const res = await t.http.get(`/files/?companyId=${admin.user.companyId}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(page("files"));
    expect(res.body.files).toEqual(expect.arrayContaining([expect.objectContaining({ id: list.id, name: list.name })]));
  });

  it("GET /files/{id}: id, name, message, options (id, name, path, mediaType)", async () => {
    const list = await newList();
    const res = await t.http.get(`/files/${list.id}`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: list.id, name: list.name, message: "Segue nosso catálogo" } });
    expect(res.body.options).toEqual([
      expect.objectContaining({ id: expect.any(Number), name: "Tabela de preços", path: null, mediaType: null }),
      expect.objectContaining({ id: expect.any(Number), name: "Foto da loja", path: null, mediaType: null }),
    ]);
  });

  it("POST /files: name, message, options, userId", async () => {
    const name = unique("Cardápio ");
    const res = await t.http.post("/files", form(name, [{ name: "Cardápio" }]), admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), name, options: [expect.objectContaining({ id: expect.any(Number), name: "Cardápio" })] } });
  });

  it("PUT /files/{id}: name, message, options, userId", async () => {
    const list = await newList();
    const res = await t.http.put(`/files/${list.id}`, form(list.name, [list.options[0]]), admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: list.id, options: [expect.objectContaining({ id: list.options[0].id })] } });
  });

  it("POST /files/uploadList/{id} as multipart: fileId, typeArch 'fileList', then per option files, mediaType, name and id", async () => {
    const list = await newList();
    const [tabela, foto] = list.options;
    const form = new FormData();
    form.append("fileId", String(list.id));
    form.append("typeArch", "fileList");
    for (const option of [tabela, foto]) {
      form.append("files", new Blob([new Uint8Array(PNG)], { type: "image/png" }), `${option.id}.png`);
      form.append("mediaType", "image/png");
      form.append("name", option.name);
      form.append("id", String(option.id));
    }
    const res = await fetch(`${t.url}/files/uploadList/${list.id}`, { method: "POST", body: form, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    const shown = await t.http.get(`/files/${list.id}`, admin.token);
    expect(shown.body.options).toEqual([
      expect.objectContaining({ id: tabela.id, path: expect.any(String), mediaType: "image/png" }),
      expect.objectContaining({ id: foto.id, path: expect.any(String), mediaType: "image/png" }),
    ]);
  });

  it("DELETE /files/{id}", async () => {
    const list = await newList();
    expect((await t.http.del(`/files/${list.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/files/${list.id}`, admin.token)).status).toBe(404);
  });
});

describe("Announcements", () => {
  const form = (title: string) => ({ title, text: "O sistema ficará fora do ar no domingo", priority: 1, status: true });
  const newAnnouncement = () => created(t, "/announcements", form(unique("Manutenção ")), admin.token);
  const attach = (id: number) => multipart(t, "POST", `/announcements/${id}/media-upload`, admin.token, {}, [{ field: "file", name: "aviso manutencao.png", data: PNG, type: "image/png" }]);

  it("GET /announcements/ with searchParam, pageNumber: records and hasMore", async () => {
    const announcement = await newAnnouncement();
    const res = await t.http.get(`/announcements/?searchParam=${encodeURIComponent(announcement.title.toLowerCase())}&pageNumber=1`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...page("records"), hasMore: false });
    expect(res.body.records).toEqual([expect.objectContaining({ id: announcement.id, title: announcement.title })]);
  });

  it("GET /announcements/{id}: id, title, text, priority, status, mediaPath, mediaName, createdAt", async () => {
    const announcement = await newAnnouncement();
    const res = await t.http.get(`/announcements/${announcement.id}`, admin.token);
    expect(res).toMatchObject({
      status: 200,
      body: { id: announcement.id, title: announcement.title, text: "O sistema ficará fora do ar no domingo", priority: 1, status: true, mediaPath: null, mediaName: null, createdAt: expect.any(String) },
    });
  });

  it("POST /announcements: title, text, priority, status", async () => {
    const title = unique("Novidade ");
    const res = await t.http.post("/announcements", form(title), admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), title, priority: 1, status: true } });
  });

  it("PUT /announcements/{id}: title, text, priority, status", async () => {
    const announcement = await newAnnouncement();
    const res = await t.http.put(`/announcements/${announcement.id}`, { ...form(announcement.title), priority: 3, status: false }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: announcement.id, priority: 3, status: false } });
  });

  it("POST /announcements/{id}/media-upload as multipart with file", async () => {
    const announcement = await newAnnouncement();
    expect((await attach(announcement.id)).status).toBe(200);
    expect((await t.http.get(`/announcements/${announcement.id}`, admin.token)).body).toMatchObject({ mediaName: "aviso_manutencao.png", mediaPath: expect.any(String) });
  });

  it("DELETE /announcements/{id}/media-upload", async () => {
    const announcement = await newAnnouncement();
    await attach(announcement.id);
    expect((await t.http.del(`/announcements/${announcement.id}/media-upload`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/announcements/${announcement.id}`, admin.token)).body).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it("DELETE /announcements/{id}", async () => {
    const announcement = await newAnnouncement();
    expect((await t.http.del(`/announcements/${announcement.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/announcements/${announcement.id}`, admin.token)).status).toBe(404);
  });
});

// Internal chat: administration.chat.contract.test.ts

describe("Password reset", () => {
  it("POST /forgetpassword/{email} (404 when the email is unknown), then POST /resetpasswords/{email}/{token}/{newPassword}", async () => {
    expect((await t.http.post(`/forgetpassword/${encodeURIComponent(`${unique("nobody")}@example.com`)}`, undefined)).status).toBe(404);
    const email = `${unique("reset")}@example.com`;
    await created(t, "/users", { name: "Rita Reis", email, password: "old-pass1", profile: "user", queueIds: [] }, admin.token);
    expect((await t.http.post(`/forgetpassword/${encodeURIComponent(email)}`, undefined)).status).toBe(200);
    const code = codeIn(await mailbox.next(email));
    const res = await t.http.post(`/resetpasswords/${encodeURIComponent(email)}/${code}/NewPass123`, undefined);
    expect(res.status).toBe(200);
    expect((await t.http.login(email, "NewPass123")).token).toEqual(expect.any(String));
  });
});

describe("External messages API", () => {
  it("POST /api/messages/send with a bearer token and JSON {number, body}", async () => {
    const number = newPhone();
    const res = await t.http.post("/api/messages/send", { number, body: "Seu pedido foi enviado" }, sandbox.token);
    expect(res.status).toBe(200);
    const outbound = await t.http.get(`/sandbox/${sandbox.id}/outbound?number=${number}`, sandbox.token);
    expect(outbound.body).toEqual([expect.objectContaining({ body: "Seu pedido foi enviado" })]);
  });

  it("POST /api/messages/send with a bearer token and multipart {number, body, medias}", async () => {
    const number = newPhone();
    const res = await multipart(t, "POST", "/api/messages/send", sandbox.token, { number, body: "Segue o comprovante" }, [{ field: "medias", name: "comprovante.png", data: PNG, type: "image/png" }]);
    expect(res.status).toBe(200);
    const outbound = await t.http.get(`/sandbox/${sandbox.id}/outbound?number=${number}`, sandbox.token);
    expect(outbound.body).toEqual([expect.objectContaining({ mediaType: "image", mediaName: "comprovante.png" })]);
  });
});
