import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { pairedSandbox } from "../../test/conversation";
import { multipart, PNG } from "../../contract/fixtures";
import { campaigns } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let wa: { id: number; name: string };
let list: { id: number; name: string };
beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  wa = await pairedSandbox(t.http, a.token);
  list = (await t.http.post("/contact-lists", { name: "Clientes VIP" }, a.token)).body;
  await t.http.post("/contact-list-items", { name: "Bianca Prado", number: "5511970000001", email: "bianca@example.com", contactListId: list.id }, a.token);
});
afterAll(async () => t?.close());

const pad = (n: number) => String(n).padStart(2, "0");
/** "yyyy-MM-dd HH:mm:ss" in the server's zone, as the original client sends it. */
const localDateTime = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const hoursFromNow = (h: number) => new Date(Math.floor(Date.now() / 1000) * 1000 + h * 3_600_000);

const form = (over: Record<string, unknown> = {}) => ({
  name: unique("Promo "),
  confirmation: false,
  scheduledAt: "",
  whatsappId: "",
  contactListId: "",
  tagListId: "Nenhuma",
  fileListId: "",
  message1: "Olá {nome}, temos novidades!",
  message2: "",
  message3: "",
  message4: "",
  message5: "",
  confirmationMessage1: "",
  confirmationMessage2: "",
  confirmationMessage3: "",
  confirmationMessage4: "",
  confirmationMessage5: "",
  companyId: 999,
  ...over,
});

async function create(over: Record<string, unknown> = {}, token = a.token) {
  const res = await t.http.post("/campaigns", form(over), token);
  if (res.status !== 201) throw new Error(`campaign: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const setStatus = (id: number, status: string) => t.built.ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, id));

describe("POST /campaigns", () => {
  it("starts INATIVA, empty strings as null, in the caller's company", async () => {
    const c = await create();
    expect(c).toMatchObject({
      id: expect.any(Number),
      status: "INATIVA",
      confirmation: false,
      scheduledAt: null,
      whatsappId: null,
      contactListId: null,
      tagListId: null,
      fileListId: null,
      companyId: a.company.id,
      completedAt: null,
      mediaPath: null,
    });
  });

  it("is PROGRAMADA when it has its time, its list and its connection; the local date-time is read as given", async () => {
    const at = hoursFromNow(3);
    const c = await create({ scheduledAt: localDateTime(at), whatsappId: wa.id, contactListId: list.id });
    expect(c).toMatchObject({ status: "PROGRAMADA", scheduledAt: at.toISOString(), whatsapp: { id: wa.id, name: wa.name }, contactList: { id: list.id, name: "Clientes VIP" } });
    const iso = await create({ scheduledAt: at.toISOString(), whatsappId: wa.id });
    expect(iso).toMatchObject({ status: "INATIVA", scheduledAt: at.toISOString() });
  });

  it("refuses bad input naming the field, and another company's records", async () => {
    const invalid = (field: string) => ({ status: 400, body: { error: "ERR_VALIDATION", field } });
    expect(await t.http.post("/campaigns", form({ name: "A" }), a.token)).toMatchObject(invalid("name"));
    expect(await t.http.post("/campaigns", form({ name: "x".repeat(51) }), a.token)).toMatchObject(invalid("name"));
    expect(await t.http.post("/campaigns", form({ scheduledAt: "2030-02-30 10:00:00" }), a.token)).toMatchObject(invalid("scheduledAt"));
    expect(await t.http.post("/campaigns", form({ whatsappId: "abc" }), a.token)).toMatchObject(invalid("whatsappId"));
    expect(await t.http.post("/campaigns", form({ confirmation: "talvez" }), a.token)).toMatchObject(invalid("confirmation"));
    // b's ids are not a's
    expect(await t.http.post("/campaigns", form({ contactListId: list.id }), b.token)).toMatchObject(invalid("contactListId"));
    expect(await t.http.post("/campaigns", form({ whatsappId: wa.id }), b.token)).toMatchObject(invalid("whatsappId"));
    expect(await t.http.post("/campaigns", form({ tagListId: 2_000_000 }), a.token)).toMatchObject(invalid("tagListId"));
  });
});

describe("GET /campaigns/ and /campaigns/:id", () => {
  it("pages the company's campaigns, searching the name", async () => {
    const name = unique("Natal ");
    const c = await create({ name });
    const res = await t.http.get(`/campaigns/?searchParam=${encodeURIComponent(name.toLowerCase())}&pageNumber=1`, a.token);
    expect(res).toMatchObject({ status: 200, body: { records: [{ id: c.id, name }], count: 1, hasMore: false } });
    expect((await t.http.get(`/campaigns/?searchParam=${encodeURIComponent(name)}`, b.token)).body).toMatchObject({ records: [], count: 0, hasMore: false });
  });

  it("shows one with its connection, its list's contacts and the shipping counts; another company's is 404", async () => {
    const c = await create({ whatsappId: wa.id, contactListId: list.id });
    const res = await t.http.get(`/campaigns/${c.id}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: c.id,
      whatsapp: { name: wa.name },
      contactList: { name: "Clientes VIP", contacts: [{ name: "Bianca Prado", number: "5511970000001" }] },
      shipping: [],
      counts: { validContacts: 1, delivered: 0, confirmationRequested: 0, confirmed: 0 },
    });
    for (const call of [
      t.http.get(`/campaigns/${c.id}`, b.token),
      t.http.put(`/campaigns/${c.id}`, form(), b.token),
      t.http.del(`/campaigns/${c.id}`, b.token),
      t.http.post(`/campaigns/${c.id}/cancel`, {}, b.token),
      t.http.post(`/campaigns/${c.id}/restart`, {}, b.token),
      t.http.del(`/campaigns/${c.id}/media-upload`, b.token),
    ])
      expect((await call).status).toBe(404);
    expect((await t.http.get(`/campaigns/${c.id}`, a.token)).body.name).toBe(c.name);
  });
});

describe("PUT /campaigns/:id: editable only when §4 says so", () => {
  it("saves an INATIVA one, and it becomes PROGRAMADA once complete", async () => {
    const c = await create();
    const at = hoursFromNow(2);
    const res = await t.http.put(`/campaigns/${c.id}`, form({ name: "Renomeada", scheduledAt: localDateTime(at), whatsappId: wa.id, contactListId: list.id }), a.token);
    expect(res).toMatchObject({ status: 200, body: { name: "Renomeada", status: "PROGRAMADA", scheduledAt: at.toISOString() } });
    // more than an hour ahead: still editable
    expect((await t.http.put(`/campaigns/${c.id}`, form({ name: "De novo", scheduledAt: localDateTime(at), whatsappId: wa.id, contactListId: list.id }), a.token)).status).toBe(200);
  });

  it("refuses a PROGRAMADA one starting within the hour, a running and a finished one", async () => {
    const soon = await create({ scheduledAt: hoursFromNow(0.5).toISOString(), whatsappId: wa.id, contactListId: list.id });
    expect(soon.status).toBe("PROGRAMADA");
    expect(await t.http.put(`/campaigns/${soon.id}`, form(), a.token)).toMatchObject({ status: 400, body: { error: "ERR_CAMPAIGN_NOT_EDITABLE" } });
    for (const status of ["EM_ANDAMENTO", "FINALIZADA"]) {
      const c = await create();
      await setStatus(c.id, status);
      expect(await t.http.put(`/campaigns/${c.id}`, form(), a.token)).toMatchObject({ status: 400, body: { error: "ERR_CAMPAIGN_NOT_EDITABLE" } });
      expect((await t.http.get(`/campaigns/${c.id}`, a.token)).body.name).toBe(c.name);
    }
  });

  it("saves a cancelled one", async () => {
    const c = await create();
    await setStatus(c.id, "CANCELADA");
    expect(await t.http.put(`/campaigns/${c.id}`, form({ name: "Volta" }), a.token)).toMatchObject({ status: 200, body: { name: "Volta", status: "CANCELADA" } });
  });
});

describe("cancel and restart", () => {
  it("cancels only a running or scheduled one, restarts only a cancelled one", async () => {
    const c = await create({ scheduledAt: hoursFromNow(3).toISOString(), whatsappId: wa.id, contactListId: list.id });
    expect(await t.http.post(`/campaigns/${c.id}/restart`, {}, a.token)).toMatchObject({ status: 400, body: { error: "ERR_CAMPAIGN_NOT_RESTARTABLE" } });
    expect(await t.http.post(`/campaigns/${c.id}/cancel`, {}, a.token)).toMatchObject({ status: 200, body: { id: c.id, status: "CANCELADA" } });
    expect(await t.http.post(`/campaigns/${c.id}/cancel`, {}, a.token)).toMatchObject({ status: 400, body: { error: "ERR_CAMPAIGN_NOT_CANCELLABLE" } });
    expect(await t.http.post(`/campaigns/${c.id}/restart`, {}, a.token)).toMatchObject({ status: 200, body: { status: "EM_ANDAMENTO" } });
    const inactive = await create();
    expect(await t.http.post(`/campaigns/${inactive.id}/cancel`, {}, a.token)).toMatchObject({ status: 400, body: { error: "ERR_CAMPAIGN_NOT_CANCELLABLE" } });
  });
});

describe("media and deletion", () => {
  it("attaches and removes one file, then deletes the campaign", async () => {
    const c = await create();
    const up = await multipart(t, "POST", `/campaigns/${c.id}/media-upload`, a.token, {}, [{ field: "file", name: "oferta.png", data: PNG, type: "image/png" }]);
    expect(up).toMatchObject({ status: 200, body: { mensagem: "Arquivo Anexado", record: { id: c.id, mediaName: "oferta.png", mediaPath: expect.any(String) } } });
    expect((await multipart(t, "POST", `/campaigns/${c.id}/media-upload`, b.token, {}, [{ field: "file", name: "x.png", data: PNG }])).status).toBe(404);
    expect((await multipart(t, "POST", `/campaigns/${c.id}/media-upload`, a.token, { other: "1" }, [])).body).toMatchObject({ error: "ERR_VALIDATION", field: "file" });
    expect(await t.http.del(`/campaigns/${c.id}/media-upload`, a.token)).toMatchObject({ status: 200, body: { record: { mediaPath: null, mediaName: null } } });
    expect((await t.http.del(`/campaigns/${c.id}`, a.token)).status).toBe(200);
    expect((await t.http.get(`/campaigns/${c.id}`, a.token)).status).toBe(404);
  });
});

describe("company-{id}-campaign events", () => {
  it("tells the company's room of create, update and delete, and no other company", async () => {
    const socket = await connectSocket(t.url, a.token);
    const other = await connectSocket(t.url, b.token);
    try {
      const event = `company-${a.company.id}-campaign`;
      const leaked = nextEvent(other, event, 1_500);
      const name = unique("Ao vivo ");
      const createdEvt = nextEvent(socket, event, 5_000, (e: any) => e.action === "create" && e.record?.name === name);
      const c = await create({ name });
      expect(await createdEvt).toMatchObject({ action: "create", record: { id: c.id, status: "INATIVA" } });
      const updated = nextEvent(socket, event, 5_000, (e: any) => e.action === "update" && e.record?.id === c.id);
      await t.http.put(`/campaigns/${c.id}`, form({ name: "Mudou" }), a.token);
      expect(await updated).toMatchObject({ record: { name: "Mudou" } });
      const deleted = nextEvent(socket, event, 5_000, (e: any) => e.action === "delete");
      await t.http.del(`/campaigns/${c.id}`, a.token);
      expect(await deleted).toEqual({ action: "delete", id: c.id });
      expect(await leaked).toBeNull();
    } finally {
      socket.close();
      other.close();
    }
  });
});

describe("who may", () => {
  it("is for admins only", async () => {
    const user = { name: "Maria Silva", email: `${unique("maria")}@example.com`, password: "secret1", profile: "user" };
    expect((await t.http.post("/users", user, a.token)).status).toBe(201);
    const attendant = await t.http.login(user.email, user.password);
    expect((await t.http.get("/campaigns", attendant.token)).status).toBe(403);
    expect((await t.http.post("/campaigns", form(), attendant.token)).status).toBe(403);
    expect((await t.http.get("/campaigns")).status).toBe(401);
  });
});
