import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function chatOfThree() {
  const a = await signUpCompany(t.http);
  const ana = await createAttendant(t, a.token, { name: "Ana Souza" });
  const bia = await createAttendant(t, a.token, { name: "Bia Lima" });
  const chat = (await t.http.post("/chats", { title: "Equipe", users: [ana.id, bia.id] }, a.token)).body;
  return { a, ana, bia, chat };
}

const send = (chatId: number | string, message: unknown, token: string) => t.http.post(`/chats/${chatId}/messages`, { message }, token);
const unreadsOf = (chat: { users: { userId: number; unreads: number }[] }, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads;

describe("POST /chats/:id/messages", () => {
  it("saves the message with its sender, sets the chat's last message and update time", async () => {
    const { a, ana, chat } = await chatOfThree();
    const res = await send(chat.id, "Bom dia, equipe", ana.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), chatId: chat.id, senderId: ana.id, sender: { id: ana.id, name: "Ana Souza" }, message: "Bom dia, equipe", mediaPath: null, mediaName: null, mediaType: null });
    const after = (await t.http.get(`/chats/${chat.uuid}`, a.token)).body;
    expect(after.lastMessage).toBe("Bom dia, equipe");
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(chat.updatedAt));
  });

  it("refuses blank text (field message) and anyone who is not a member", async () => {
    const { a, chat } = await chatOfThree();
    for (const message of ["", "   \n ", undefined]) {
      const res = await send(chat.id, message, a.token);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field: "message" });
    }
    const outsider = await createAttendant(t, a.token, { name: "Fora" });
    const other = await signUpCompany(t.http);
    for (const token of [outsider.token, other.token]) expect(await send(chat.id, "Posso entrar?", token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    expect((await t.http.get(`/chats/${chat.id}/messages`, a.token)).body.count).toBe(0);
  });
});

describe("unread counts", () => {
  it("grow for every other member on each message and clear for the reader on POST /chats/:id/read", async () => {
    const { a, ana, bia, chat } = await chatOfThree();
    await send(chat.id, "um", ana.token);
    await send(chat.id, "dois", ana.token);
    await send(chat.id, "três", bia.token);
    let seen = (await t.http.get(`/chats/${chat.id}`, a.token)).body;
    expect([unreadsOf(seen, a.user.id), unreadsOf(seen, ana.id), unreadsOf(seen, bia.id)]).toEqual([3, 1, 2]);

    // userId in the body is the spec client's own; only the caller's unreads clear, whatever it says
    const read = await t.http.post(`/chats/${chat.uuid}/read`, { userId: bia.id }, a.token);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(chat.id);
    expect([unreadsOf(read.body, a.user.id), unreadsOf(read.body, ana.id), unreadsOf(read.body, bia.id)]).toEqual([0, 1, 2]);
    seen = (await t.http.get("/chats", bia.token)).body.records[0];
    expect(unreadsOf(seen, bia.id)).toBe(2);
  });

  it("reading is for members only", async () => {
    const { a, chat } = await chatOfThree();
    const other = await signUpCompany(t.http);
    const outsider = await createAttendant(t, a.token);
    for (const token of [other.token, outsider.token]) expect((await t.http.post(`/chats/${chat.id}/read`, { userId: 1 }, token)).status).toBe(404);
  });
});

describe("a deleted user", () => {
  it("leaves the chats they owned or wrote in: the messages stay without a sender, nobody owns the chat", async () => {
    const { a, ana, bia } = await chatOfThree();
    const owned = (await t.http.post("/chats", { title: "Da Ana", users: [bia.id] }, ana.token)).body;
    await send(owned.id, "até logo", ana.token);
    expect((await t.http.del(`/users/${ana.id}`, a.token)).status).toBe(200);
    const chat = (await t.http.get(`/chats/${owned.id}`, bia.token)).body;
    expect(chat).toMatchObject({ ownerId: null, lastMessage: "até logo" });
    expect(chat.users.map((u: { userId: number }) => u.userId)).toEqual([bia.id]);
    expect((await t.http.get(`/chats/${owned.id}/messages`, bia.token)).body.records).toEqual([expect.objectContaining({ senderId: null, sender: null, message: "até logo" })]);
    expect((await t.http.put(`/chats/${owned.id}`, { title: "Minha", users: [a.user.id] }, bia.token)).status).toBe(403);
  });
});

describe("GET /chats/:id/messages", () => {
  it("pages 20 at a time from the newest, each page oldest first, with hasMore", async () => {
    const { a, ana, chat } = await chatOfThree();
    for (let i = 1; i <= 45; i++) await send(chat.id, `mensagem ${i}`, i % 2 ? a.token : ana.token);
    const texts = (page: { records: { message: string }[] }) => page.records.map((m) => m.message);

    const first = (await t.http.get(`/chats/${chat.id}/messages?pageNumber=1`, ana.token)).body;
    expect(first).toMatchObject({ count: 45, hasMore: true });
    expect(texts(first)).toEqual(Array.from({ length: 20 }, (_, i) => `mensagem ${26 + i}`));
    const second = (await t.http.get(`/chats/${chat.uuid}/messages?pageNumber=2`, ana.token)).body;
    expect(texts(second)).toEqual(Array.from({ length: 20 }, (_, i) => `mensagem ${6 + i}`));
    expect(second.hasMore).toBe(true);
    const third = (await t.http.get(`/chats/${chat.id}/messages?pageNumber=3`, ana.token)).body;
    expect(texts(third)).toEqual(["mensagem 1", "mensagem 2", "mensagem 3", "mensagem 4", "mensagem 5"]);
    expect(third.hasMore).toBe(false);
    expect(third.records[0]).toMatchObject({ senderId: a.user.id, sender: { id: a.user.id, name: expect.any(String) } });
    expect((await t.http.get(`/chats/${chat.id}/messages`, ana.token)).body.records).toEqual(first.records);
  });

  it("is for members only: a non-member and another company get 404", async () => {
    const { a, ana, chat } = await chatOfThree();
    await send(chat.id, "segredo", ana.token);
    const outsider = await createAttendant(t, a.token);
    const other = await signUpCompany(t.http);
    for (const token of [outsider.token, other.token]) {
      expect(await t.http.get(`/chats/${chat.id}/messages`, token)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    }
  });
});
