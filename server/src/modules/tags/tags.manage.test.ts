import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { ticketTags, users } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

const newTag = async (token: string, body: Record<string, unknown>) => {
  const res = await t.http.post("/tags", body, token);
  if (res.status !== 201) throw new Error(`tag not created: ${JSON.stringify(res.body)}`);
  return res.body as { id: number; name: string; color: string; kanban: number };
};

/** A supervisor of the company: an attendant promoted straight in the database. */
async function createSupervisor(adminToken: string) {
  const person = await createAttendant(t, adminToken);
  await t.built.ctx.db.update(users).set({ profile: "supervisor" }).where(eq(users.id, person.id));
  return person;
}

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("GET /tags/ (the tags page)", () => {
  it("pages 20 at a time by name, with each tag's tickets count, searching the name", async () => {
    const c = await signUpCompany(t.http);
    for (let i = 0; i < 21; i++) await newTag(c.token, { name: `Etiqueta ${String(i).padStart(2, "0")}` });
    const vip = await newTag(c.token, { name: "Cliente VIP", color: "#ff0000" });
    await newTag(b.token, { name: "Cliente de B" });
    const contact = await insertContact(t, c.company.id);
    const one = await insertTicket(t, c.company.id, contact.id, { status: "closed" });
    const two = await insertTicket(t, c.company.id, contact.id);
    await t.built.ctx.db.insert(ticketTags).values([one, two].map((ticket) => ({ companyId: c.company.id, ticketId: ticket.id, tagId: vip.id })));

    const page1 = await t.http.get("/tags/?searchParam=&pageNumber=1", c.token);
    expect(page1).toMatchObject({ status: 200, body: { count: 22, hasMore: true } });
    expect(page1.body.tags).toHaveLength(20);
    expect(page1.body.tags[0]).toEqual({
      id: vip.id,
      name: "Cliente VIP",
      color: "#ff0000",
      kanban: 0,
      ticketsCount: 2,
      userId: c.user.id,
      companyId: c.company.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(page1.body.tags[1]).toMatchObject({ name: "Etiqueta 00", ticketsCount: 0 });
    const page2 = await t.http.get("/tags/?pageNumber=2", c.token);
    expect(page2.body).toMatchObject({ count: 22, hasMore: false });
    expect(page2.body.tags.map((x: { name: string }) => x.name)).toEqual(["Etiqueta 19", "Etiqueta 20"]);

    const search = await t.http.get("/tags/?searchParam=cliente", c.token);
    expect(search.body).toMatchObject({ count: 1, hasMore: false, tags: [{ id: vip.id, ticketsCount: 2 }] });
    // the original's `GET /tags` with companyId reads the same `tags` of the first page
    const plain = await t.http.get(`/tags?companyId=${c.company.id}`, c.token);
    expect(plain.body.tags).toHaveLength(20);
    expect((await t.http.get("/tags/?pageNumber=0", c.token)).body).toMatchObject({ error: "ERR_VALIDATION", field: "pageNumber" });
  });
});

describe("GET /tags/:id", () => {
  it("shows a tag of the company; another company's tag is not found", async () => {
    const tag = await newTag(a.token, { name: "Mostrar", color: "#00ff00", kanban: 1 });
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.get(`/tags/${tag.id}`, attendant.token)).toMatchObject({ status: 200, body: { id: tag.id, name: "Mostrar", color: "#00ff00", kanban: 1, ticketsCount: 0 } });
    expect(await t.http.get(`/tags/${tag.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect(await t.http.get("/tags/3000000000", a.token)).toMatchObject({ status: 400, body: { field: "id" } });
  });
});

describe("PUT /tags/:id", () => {
  it("lets an admin rename, recolour and flag a tag, telling the company", async () => {
    const tag = await newTag(a.token, { name: "Antigo" });
    const socket = await connectSocket(t.url, a.token);
    const other = await connectSocket(t.url, b.token);
    const event = nextEvent(socket, `company-${a.company.id}-tag`, 2_000, (e) => e.action === "update");
    const leak = nextEvent(other, `company-${a.company.id}-tag`, 800);
    const res = await t.http.put(`/tags/${tag.id}`, { name: "Novo nome", color: "#123456", kanban: 1 }, a.token);
    expect(res).toMatchObject({ status: 200, body: { id: tag.id, name: "Novo nome", color: "#123456", kanban: 1, ticketsCount: 0 } });
    expect(await event).toMatchObject({ action: "update", tag: { id: tag.id, name: "Novo nome", ticketsCount: 0 } });
    expect(await leak).toBeNull();
    // fields left out are kept
    expect(await t.http.put(`/tags/${tag.id}`, { kanban: 0 }, a.token)).toMatchObject({ status: 200, body: { name: "Novo nome", color: "#123456", kanban: 0 } });
    socket.close();
    other.close();
  });

  it.each([
    [{ name: "ab" }, "name", "Mensagem muito curta"],
    [{ name: "  " }, "name", "Obrigatório"],
    [{ color: "azul" }, "color", "Invalid value"],
    [{ kanban: 7 }, "kanban", "Invalid value"],
  ])("rejects %j with a 400 naming %s", async (body, field, message) => {
    const tag = await newTag(a.token, { name: "Validar" });
    expect(await t.http.put(`/tags/${tag.id}`, body, a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: ${message}` } });
  });

  it("refuses attendants, lets supervisors set the kanban flag, and never reaches another company's tag", async () => {
    const tag = await newTag(a.token, { name: "Protegida" });
    const attendant = await createAttendant(t, a.token);
    const supervisor = await createSupervisor(a.token);
    expect(await t.http.put(`/tags/${tag.id}`, { name: "Hackeada" }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.put(`/tags/${tag.id}`, { kanban: 1 }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.put(`/tags/${tag.id}`, { kanban: 1 }, supervisor.token)).toMatchObject({ status: 200, body: { kanban: 1 } });
    expect(await t.http.post("/tags", { name: "Lane supervisor", kanban: 1 }, supervisor.token)).toMatchObject({ status: 201, body: { kanban: 1 } });
    expect(await t.http.put(`/tags/${tag.id}`, { name: "De B" }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect((await t.http.get(`/tags/${tag.id}`, a.token)).body.name).toBe("Protegida");
  });
});

describe("DELETE /tags/:id", () => {
  it("deletes the tag, takes it off its tickets and tells the company", async () => {
    const tag = await newTag(a.token, { name: "Apagar" });
    const ticket = await insertTicket(t, a.company.id, (await insertContact(t, a.company.id)).id);
    await t.built.ctx.db.insert(ticketTags).values({ companyId: a.company.id, ticketId: ticket.id, tagId: tag.id });
    const socket = await connectSocket(t.url, a.token);
    const event = nextEvent(socket, `company-${a.company.id}-tag`, 2_000, (e) => e.action === "delete");
    expect(await t.http.del(`/tags/${tag.id}`, a.token)).toMatchObject({ status: 200, body: { message: "Tag deleted" } });
    expect(await event).toEqual({ action: "delete", tagId: tag.id });
    expect(await t.http.get(`/tags/${tag.id}`, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect(await t.built.ctx.db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id))).toEqual([]);
    socket.close();
  });

  it("refuses attendants and never reaches another company's tag", async () => {
    const tag = await newTag(a.token, { name: "Fica" });
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.del(`/tags/${tag.id}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.del(`/tags/${tag.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect((await t.http.get(`/tags/${tag.id}`, a.token)).status).toBe(200);
  });
});

describe("POST /tags events", () => {
  it("tells the company about a new tag, with its tickets count", async () => {
    const socket = await connectSocket(t.url, a.token);
    const event = nextEvent(socket, `company-${a.company.id}-tag`, 2_000, (e) => e.action === "create");
    const tag = await newTag(a.token, { name: "Recém-criada", color: "#abcdef" });
    expect(await event).toMatchObject({ action: "create", tag: { id: tag.id, name: "Recém-criada", color: "#abcdef", kanban: 0, ticketsCount: 0 } });
    socket.close();
  });
});
