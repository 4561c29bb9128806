import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { companies, plans } from "../../db/schema";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A company with its admin (the chats' owner here), two attendants and an outsider of another company. */
async function team() {
  const a = await signUpCompany(t.http);
  const ana = await createAttendant(t, a.token, { name: "Ana Souza" });
  const bia = await createAttendant(t, a.token, { name: "Bia Lima" });
  const other = await signUpCompany(t.http);
  return { a, ana, bia, other };
}

const newChat = async (token: string, title: string, users: unknown[]) => {
  const res = await t.http.post("/chats", { title, users }, token);
  if (res.status !== 201) throw new Error(`chat: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

describe("POST /chats", () => {
  it("makes the caller the owner and a member, with the users chosen (objects or plain ids)", async () => {
    const { a, ana, bia } = await team();
    const res = await t.http.post("/chats", { title: "  Plantão  ", users: [{ id: ana.id, name: "ignored" }, bia.id, ana.id] }, a.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), uuid: expect.stringMatching(/^[0-9a-f-]{36}$/), title: "Plantão", ownerId: a.user.id, lastMessage: "" });
    expect(res.body.users.map((u: { userId: number }) => u.userId).sort()).toEqual([a.user.id, ana.id, bia.id].sort());
    expect(res.body.users).toContainEqual({ chatId: res.body.id, userId: ana.id, unreads: 0, user: { id: ana.id, name: "Ana Souza" } });
  });

  it("requires a title and at least one other user, in the spec's words, naming the field", async () => {
    const { a, ana } = await team();
    for (const body of [{ users: [ana.id] }, { title: "   ", users: [ana.id] }]) {
      const res = await t.http.post("/chats", body, a.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field: "title", message: "title: Por favor, preencha o título da conversa." });
    }
    for (const users of [undefined, [], [a.user.id]]) {
      const res = await t.http.post("/chats", { title: "Só eu", users }, a.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field: "users", message: "users: Por favor, selecione pelo menos um usuário." });
    }
  });

  it("refuses users of another company (and unknown ids), naming users", async () => {
    const { a, ana, other } = await team();
    for (const users of [[ana.id, other.user.id], [2_000_000_000]]) {
      const res = await t.http.post("/chats", { title: "Vazamento", users }, a.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field: "users" });
    }
    expect((await t.http.get("/chats", other.token)).body.records).toEqual([]);
  });

  it("needs a signed-in caller", async () => {
    expect((await t.http.post("/chats", { title: "x", users: [1] })).status).toBe(401);
  });
});

describe("GET /chats and GET /chats/:id", () => {
  it("lists only the caller's chats, most recently updated first, 20 a page, searched by title", async () => {
    const { a, ana, bia } = await team();
    for (let i = 0; i < 21; i++) await newChat(a.token, `Assunto ${String(i).padStart(2, "0")}`, [ana.id]);
    const withBia = await newChat(a.token, "Escala de sábado", [bia.id]);

    const first = await t.http.get("/chats/?searchParam=&pageNumber=1", a.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].id).toBe(withBia.id);
    expect(first.body.records[1].title).toBe("Assunto 20");
    const second = await t.http.get("/chats?pageNumber=2", a.token);
    expect(second.body.records.map((c: { title: string }) => c.title)).toEqual(["Assunto 01", "Assunto 00"]);
    expect(second.body.hasMore).toBe(false);

    expect((await t.http.get("/chats", ana.token)).body.count).toBe(21);
    expect((await t.http.get("/chats", bia.token)).body.records.map((c: { id: number }) => c.id)).toEqual([withBia.id]);
    const found = await t.http.get(`/chats?searchParam=${encodeURIComponent("SÁBADO")}`, a.token);
    expect(found.body.records.map((c: { id: number }) => c.id)).toEqual([withBia.id]);
    expect((await t.http.get("/chats?searchParam=%25", a.token)).body.count).toBe(0);
  });

  it("opens a chat by id or uuid for members; a non-member and another company get 404 ERR_NO_CHAT_FOUND", async () => {
    const { a, ana, bia, other } = await team();
    const chat = await newChat(a.token, "Direto", [ana.id]);
    for (const ref of [chat.id, chat.uuid, chat.uuid.toUpperCase()]) {
      const res = await t.http.get(`/chats/${ref}`, ana.token);
      expect(res.status, String(ref)).toBe(200);
      expect(res.body).toEqual(chat);
    }
    for (const token of [bia.token, other.token]) {
      for (const ref of [chat.id, chat.uuid]) expect(await t.http.get(`/chats/${ref}`, token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    }
    expect((await t.http.get("/chats/not-a-uuid", a.token)).status).toBe(400);
    expect((await t.http.get("/chats/00000000-0000-4000-8000-000000000000", a.token)).status).toBe(404);
  });
});

describe("PUT /chats/:id", () => {
  it("lets the owner change the title and the members; the owner stays a member", async () => {
    const { a, ana, bia } = await team();
    const chat = await newChat(a.token, "Antigo", [ana.id]);
    const res = await t.http.put(`/chats/${chat.id}`, { title: "Novo", users: [{ id: bia.id }] }, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: chat.id, uuid: chat.uuid, title: "Novo", ownerId: a.user.id });
    expect(res.body.users.map((u: { userId: number }) => u.userId).sort()).toEqual([a.user.id, bia.id].sort());
    expect((await t.http.get(`/chats/${chat.id}`, ana.token)).status).toBe(404);
    expect((await t.http.get(`/chats/${chat.uuid}`, bia.token)).status).toBe(200);
  });

  it("is the owner's only: a member gets 403 ERR_NO_PERMISSION, a non-member and another company 404", async () => {
    const { a, ana, bia, other } = await team();
    const chat = await newChat(a.token, "Do dono", [ana.id]);
    const body = { title: "Tomado", users: [ana.id, bia.id] };
    expect(await t.http.put(`/chats/${chat.id}`, body, ana.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.put(`/chats/${chat.id}`, body, bia.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    expect(await t.http.put(`/chats/${chat.id}`, body, other.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    expect((await t.http.get(`/chats/${chat.id}`, a.token)).body.title).toBe("Do dono");
  });

  it("validates like creation", async () => {
    const { a, ana } = await team();
    const chat = await newChat(a.token, "Válido", [ana.id]);
    expect((await t.http.put(`/chats/${chat.id}`, { title: "", users: [ana.id] }, a.token)).body).toMatchObject({ field: "title", message: "title: Por favor, preencha o título da conversa." });
    expect((await t.http.put(`/chats/${chat.id}`, { title: "x", users: [a.user.id] }, a.token)).body).toMatchObject({ field: "users", message: "users: Por favor, selecione pelo menos um usuário." });
  });
});

describe("DELETE /chats/:id", () => {
  it("is the owner's only, answers 200 with a message, and the chat is gone for everyone", async () => {
    const { a, ana, bia, other } = await team();
    const chat = await newChat(a.token, "Temporário", [ana.id]);
    expect(await t.http.del(`/chats/${chat.id}`, ana.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.del(`/chats/${chat.id}`, bia.token)).status).toBe(404);
    expect((await t.http.del(`/chats/${chat.uuid}`, other.token)).status).toBe(404);
    const res = await t.http.del(`/chats/${chat.uuid}`, a.token);
    expect(res).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    for (const token of [a.token, ana.token]) expect((await t.http.get(`/chats/${chat.id}`, token)).status).toBe(404);
    expect((await t.http.get("/chats", ana.token)).body.records).toEqual([]);
  });
});

describe("the plan flag useInternalChat", () => {
  it("refuses every chat call with 403 when the company's plan has no internal chat", async () => {
    const { a, ana } = await team();
    const chat = await newChat(a.token, "Antes do plano", [ana.id]);
    const [plan] = await t.built.ctx.db
      .insert(plans)
      .values({ name: `Sem chat ${Date.now()}`, useInternalChat: false })
      .returning();
    await t.built.ctx.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, a.company.id));
    for (const res of [
      await t.http.get("/chats", a.token),
      await t.http.get(`/chats/${chat.uuid}`, a.token),
      await t.http.post("/chats", { title: "x", users: [ana.id] }, a.token),
      await t.http.put(`/chats/${chat.id}`, { title: "x", users: [ana.id] }, a.token),
      await t.http.del(`/chats/${chat.id}`, a.token),
      await t.http.get(`/chats/${chat.id}/messages`, ana.token),
      await t.http.post(`/chats/${chat.id}/messages`, { message: "oi" }, ana.token),
      await t.http.post(`/chats/${chat.id}/read`, { userId: ana.id }, ana.token),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: "ERR_NO_PERMISSION" });
    }
  });
});
