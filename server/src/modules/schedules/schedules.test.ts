import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { companies, plans, schedules } from "../../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function company() {
  const a = await signUpCompany(t.http);
  const contact = await insertContact(t, a.company.id, { name: "Maria Souza" });
  return { a, contact };
}

async function upload(path: string, token: string, filename: string, data = PNG) {
  const form = new FormData();
  form.append("file", new Blob([data]), filename);
  const res = await fetch(t.url + path, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe("POST /schedules", () => {
  it("creates a pending schedule for a contact, by the caller, and pushes it live", async () => {
    const { a, contact } = await company();
    const socket = await connectSocket(t.url, a.token);
    const event = nextEvent(socket, `company-${a.company.id}-schedule`);
    const sendAt = inOneHour();
    const res = await t.http.post("/schedules", { body: "Lembrete da consulta", contactId: contact.id, sendAt }, a.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      body: "Lembrete da consulta",
      contactId: contact.id,
      sendAt,
      sentAt: null,
      status: "PENDENTE",
      userId: a.user.id,
      contact: { id: contact.id, name: "Maria Souza" },
      user: { id: a.user.id, name: a.user.name },
      mediaName: null,
    });
    expect(await event).toMatchObject({ action: "create", schedule: { id: res.body.id } });
    socket.close();
  });

  it("refuses a short body, a missing contact and a missing time, naming the field", async () => {
    const { a, contact } = await company();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ body: "Oi", contactId: contact.id, sendAt: inOneHour() }, "body", "Mensagem muito curta"],
      [{ body: "Olá, tudo bem?", sendAt: inOneHour() }, "contactId", "Obrigatório"],
      [{ body: "Olá, tudo bem?", contactId: contact.id }, "sendAt", "Obrigatório"],
      [{ body: "Olá, tudo bem?", contactId: contact.id, sendAt: "" }, "sendAt", "Obrigatório"],
      [{ body: "Olá, tudo bem?", contactId: contact.id, sendAt: "amanhã cedo" }, "sendAt", "Invalid value"],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.http.post("/schedules", body, a.token);
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field, message: `${field}: ${message}` });
    }
  });

  it("accepts the original client's local date-time and ticketId of the contact only", async () => {
    const { a, contact } = await company();
    const ticket = await insertTicket(t, a.company.id, contact.id);
    const ok = await t.http.post("/schedules", { body: "Olá, tudo bem?", contactId: contact.id, sendAt: "2031-05-20T14:30", ticketId: ticket.id }, a.token);
    expect(ok.status).toBe(201);
    expect(new Date(ok.body.sendAt).getTime()).toBe(new Date("2031-05-20T14:30").getTime());
    expect(ok.body.ticketId).toBe(ticket.id);
    const other = await insertContact(t, a.company.id);
    const wrong = await t.http.post("/schedules", { body: "Olá, tudo bem?", contactId: other.id, sendAt: inOneHour(), ticketId: ticket.id }, a.token);
    expect(wrong.body).toMatchObject({ error: "ERR_VALIDATION", field: "ticketId" });
  });

  it("treats another company's contact as not found", async () => {
    const { a } = await company();
    const { contact: theirs } = await company();
    const res = await t.http.post("/schedules", { body: "Olá, tudo bem?", contactId: theirs.id, sendAt: inOneHour() }, a.token);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_CONTACT_FOUND");
  });
});

describe("GET /schedules", () => {
  it("pages by 20 with count and hasMore, searches body and contact name, filters by contact", async () => {
    const { a, contact } = await company();
    const joao = await insertContact(t, a.company.id, { name: "João Pedro" });
    for (let i = 0; i < 20; i++) await t.http.post("/schedules", { body: `Lembrete número ${i}`, contactId: contact.id, sendAt: inOneHour() }, a.token);
    await t.http.post("/schedules", { body: "Boleto vencendo", contactId: joao.id, sendAt: inOneHour() }, a.token);

    const first = await t.http.get("/schedules/?pageNumber=1", a.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ count: 21, hasMore: true });
    expect(first.body.schedules).toHaveLength(20);
    expect(first.body.schedules[0]).toMatchObject({ body: "Boleto vencendo", contact: { name: "João Pedro" } }); // newest first
    const second = await t.http.get("/schedules/?pageNumber=2", a.token);
    expect(second.body).toMatchObject({ count: 21, hasMore: false });
    expect(second.body.schedules).toHaveLength(1);

    expect((await t.http.get("/schedules?searchParam=BOLETO", a.token)).body.count).toBe(1);
    expect((await t.http.get(`/schedules?searchParam=${encodeURIComponent("joão")}`, a.token)).body.count).toBe(1);
    expect((await t.http.get(`/schedules?contactId=${contact.id}`, a.token)).body.count).toBe(20);
    // another company sees none of them
    const { a: other } = await company();
    expect((await t.http.get("/schedules", other.token)).body).toEqual({ schedules: [], count: 0, hasMore: false });
  });
});

describe("one schedule", () => {
  it("shows, updates and deletes; another company gets 404 for each", async () => {
    const { a, contact } = await company();
    const { a: other } = await company();
    const created = (await t.http.post("/schedules", { body: "Primeira versão", contactId: contact.id, sendAt: inOneHour() }, a.token)).body;

    expect((await t.http.get(`/schedules/${created.id}`, a.token)).body).toMatchObject({ id: created.id, contact: { name: "Maria Souza" } });
    for (const res of [
      await t.http.get(`/schedules/${created.id}`, other.token),
      await t.http.put(`/schedules/${created.id}`, { body: "Versão alheia", contactId: contact.id, sendAt: inOneHour() }, other.token),
      await t.http.del(`/schedules/${created.id}`, other.token),
      await upload(`/schedules/${created.id}/media-upload`, other.token, "foto.png"),
      await t.http.del(`/schedules/${created.id}/media-upload`, other.token),
    ]) {
      expect(res.status).toBe(404);
    }

    const socket = await connectSocket(t.url, a.token);
    const updated = nextEvent(socket, `company-${a.company.id}-schedule`);
    const put = await t.http.put(`/schedules/${created.id}`, { body: "Segunda versão", contactId: contact.id, sendAt: "2030-01-02T10:00:00.000Z", userId: a.user.id }, a.token);
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ body: "Segunda versão", sendAt: "2030-01-02T10:00:00.000Z", status: "PENDENTE" });
    expect(await updated).toMatchObject({ action: "update", schedule: { body: "Segunda versão" } });

    const deleted = nextEvent(socket, `company-${a.company.id}-schedule`);
    const del = await t.http.del(`/schedules/${created.id}`, a.token);
    expect(del).toMatchObject({ status: 200, body: { message: "Schedule deleted" } });
    expect(await deleted).toEqual({ action: "delete", scheduleId: created.id });
    expect((await t.http.get(`/schedules/${created.id}`, a.token)).status).toBe(404);
    socket.close();
  });

  it("refuses changes once sent, and puts a failed one back to pending when edited", async () => {
    const { a, contact } = await company();
    const created = (await t.http.post("/schedules", { body: "Mensagem enviada", contactId: contact.id, sendAt: inOneHour() }, a.token)).body;
    await t.built.ctx.db.update(schedules).set({ status: "ENVIADA", sentAt: new Date() }).where(eq(schedules.id, created.id));
    const put = await t.http.put(`/schedules/${created.id}`, { body: "Tarde demais", contactId: contact.id, sendAt: inOneHour() }, a.token);
    expect(put).toMatchObject({ status: 400, body: { error: "ERR_SCHEDULE_ALREADY_SENT" } });
    expect((await upload(`/schedules/${created.id}/media-upload`, a.token, "foto.png")).body.error).toBe("ERR_SCHEDULE_ALREADY_SENT");

    await t.built.ctx.db.update(schedules).set({ status: "ERRO", sentAt: null }).where(eq(schedules.id, created.id));
    const retry = await t.http.put(`/schedules/${created.id}`, { body: "Nova tentativa", contactId: contact.id, sendAt: inOneHour() }, a.token);
    expect(retry.body).toMatchObject({ status: "PENDENTE", sentAt: null, body: "Nova tentativa" });
  });
});

describe("media-upload", () => {
  it("attaches a .png/.jpg/.jpeg image, refuses other files and removes it", async () => {
    const { a, contact } = await company();
    const created = (await t.http.post("/schedules", { body: "Com imagem anexada", contactId: contact.id, sendAt: inOneHour() }, a.token)).body;
    const gif = await upload(`/schedules/${created.id}/media-upload`, a.token, "anim.gif");
    expect(gif).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "file" } });

    const up = await upload(`/schedules/${created.id}/media-upload`, a.token, "foto da loja.JPG");
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ mensagem: "Arquivo Anexado", schedule: { mediaName: "foto_da_loja.JPG" } });
    const stored = (await t.http.get(`/schedules/${created.id}`, a.token)).body;
    expect(stored.mediaPath).toBeTruthy();
    expect(await t.built.ctx.media.read(a.company.id, stored.mediaPath)).toEqual(PNG);

    // a photo of a few megabytes is fine (the JSON body limit does not apply)
    const big = await upload(`/schedules/${created.id}/media-upload`, a.token, "foto.png", Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]));
    expect(big.status).toBe(200);
    await expect(t.built.ctx.media.read(a.company.id, stored.mediaPath)).rejects.toThrow(); // the replaced one is gone
    const replaced = (await t.http.get(`/schedules/${created.id}`, a.token)).body;

    const del = await t.http.del(`/schedules/${created.id}/media-upload`, a.token);
    expect(del.body).toMatchObject({ mensagem: "Arquivo Excluído", schedule: { mediaPath: null, mediaName: null } });
    await expect(t.built.ctx.media.read(a.company.id, replaced.mediaPath)).rejects.toThrow();
  });
});

describe("permissions and plan", () => {
  it("lets an attendant schedule and change their own schedules only; admins change any", async () => {
    const { a, contact } = await company();
    const ana = await createAttendant(t, a.token);
    const mine = await t.http.post("/schedules", { body: "Agendado pela Ana", contactId: contact.id, sendAt: inOneHour(), userId: a.user.id }, ana.token);
    expect(mine.status).toBe(201);
    expect(mine.body.userId).toBe(ana.id); // an attendant cannot write as someone else
    const admins = (await t.http.post("/schedules", { body: "Agendado pelo admin", contactId: contact.id, sendAt: inOneHour() }, a.token)).body;

    expect((await t.http.get("/schedules", ana.token)).body.count).toBe(2);
    expect((await t.http.put(`/schedules/${admins.id}`, { body: "Mexendo no alheio", contactId: contact.id, sendAt: inOneHour() }, ana.token)).status).toBe(403);
    expect((await t.http.del(`/schedules/${admins.id}`, ana.token)).status).toBe(403);
    expect((await upload(`/schedules/${admins.id}/media-upload`, ana.token, "foto.png")).status).toBe(403);
    expect((await t.http.put(`/schedules/${mine.body.id}`, { body: "Ajuste da Ana", contactId: contact.id, sendAt: inOneHour() }, ana.token)).status).toBe(200);
    const byAdmin = await t.http.put(`/schedules/${mine.body.id}`, { body: "Ajuste do admin", contactId: contact.id, sendAt: inOneHour() }, a.token);
    expect(byAdmin.body).toMatchObject({ body: "Ajuste do admin", userId: ana.id });
    expect((await t.http.del(`/schedules/${mine.body.id}`, ana.token)).status).toBe(200);
  });

  it("refuses every schedule call when the company's plan has no schedules", async () => {
    const { a, contact } = await company();
    const created = (await t.http.post("/schedules", { body: "Antes do plano mudar", contactId: contact.id, sendAt: inOneHour() }, a.token)).body;
    const [plan] = await t.built.ctx.db
      .insert(plans)
      .values({ name: `Sem agenda ${Date.now()}`, useSchedules: false })
      .returning();
    await t.built.ctx.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));
    for (const res of [
      await t.http.get("/schedules", a.token),
      await t.http.get(`/schedules/${created.id}`, a.token),
      await t.http.post("/schedules", { body: "x" }, a.token),
      await t.http.put(`/schedules/${created.id}`, { body: "Depois do plano", contactId: contact.id, sendAt: inOneHour() }, a.token),
      await t.http.del(`/schedules/${created.id}`, a.token),
      await upload(`/schedules/${created.id}/media-upload`, a.token, "foto.png"),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
  });

  it("requires a session", async () => {
    expect((await t.http.get("/schedules")).status).toBe(401);
  });
});
