import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, unique, type TestApp } from "../test/harness";
import { adminSession, created, page, type Session } from "./fixtures";

/*
 * Section 7 of administration.md, "Internal chat": each call exactly as the original client makes
 * it, with an admin's token and one colleague as the other member.
 */

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
  admin = await adminSession(t);
});
afterAll(async () => t?.close());

describe("Internal chat", () => {
  let colleague: { id: number; name: string };
  let colleagueToken: string;
  beforeAll(async () => {
    const email = `${unique("chat")}@example.com`;
    colleague = await created(t, "/users", { name: "Caio Chat", email, password: "secret1", profile: "user", queueIds: [] }, admin.token);
    colleagueToken = (await t.http.login(email, "secret1")).token;
  });
  const newChat = () => created(t, "/chats", { users: [{ id: colleague.id, name: colleague.name }], title: unique("Conversa ") }, admin.token);

  it("GET /chats: records", async () => {
    const chat = await newChat();
    const res = await t.http.get("/chats", admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ records: expect.any(Array), hasMore: expect.any(Boolean) });
    expect(res.body.records).toContainEqual(expect.objectContaining({ id: chat.id, uuid: chat.uuid, title: chat.title, ownerId: admin.user.id, lastMessage: "", updatedAt: expect.any(String) }));
  });

  it("POST /chats: users, title", async () => {
    const title = unique("Conversa ");
    const res = await t.http.post("/chats", { users: [{ id: colleague.id, name: colleague.name }], title }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { id: expect.any(Number), uuid: expect.any(String), title, ownerId: admin.user.id } });
    expect(res.body.users).toContainEqual({ chatId: res.body.id, userId: colleague.id, unreads: 0, user: { id: colleague.id, name: colleague.name } });
  });

  it("PUT /chats/{id}", async () => {
    const chat = await newChat();
    const res = await t.http.put(`/chats/${chat.id}`, { users: [{ id: colleague.id }], title: "Renomeada" }, admin.token);
    expect(res).toMatchObject({ status: 200, body: { id: chat.id, title: "Renomeada" } });
  });

  it("DELETE /chats/{id}", async () => {
    const chat = await newChat();
    expect((await t.http.del(`/chats/${chat.id}`, admin.token)).status).toBe(200);
    expect((await t.http.get(`/chats/${chat.id}`, admin.token)).status).toBe(404);
  });

  it("GET /chats/{id}/messages with pageNumber: records, hasMore", async () => {
    const chat = await newChat();
    await t.http.post(`/chats/${chat.id}/messages`, { message: "Primeira" }, admin.token);
    const res = await t.http.get(`/chats/${chat.id}/messages?pageNumber=1`, admin.token);
    expect(res).toMatchObject({ status: 200, body: { ...page("records"), hasMore: false } });
    expect(res.body.records).toEqual([expect.objectContaining({ chatId: chat.id, senderId: admin.user.id, sender: { id: admin.user.id, name: admin.user.name }, message: "Primeira", createdAt: expect.any(String) })]);
  });

  it("POST /chats/{id}/messages: message", async () => {
    const chat = await newChat();
    const res = await t.http.post(`/chats/${chat.id}/messages`, { message: "Olá, Caio" }, admin.token);
    expect(res).toMatchObject({ status: 201, body: { chatId: chat.id, senderId: admin.user.id, message: "Olá, Caio" } });
    const seen = (await t.http.get(`/chats/${chat.id}`, admin.token)).body;
    expect(seen.lastMessage).toBe("Olá, Caio");
    expect(seen.users).toContainEqual(expect.objectContaining({ userId: colleague.id, unreads: 1 }));
  });

  it("POST /chats/{id}/read: userId", async () => {
    const chat = await newChat();
    await t.http.post(`/chats/${chat.id}/messages`, { message: "Leia" }, admin.token);
    const res = await t.http.post(`/chats/${chat.id}/read`, { userId: colleague.id }, colleagueToken);
    expect(res).toMatchObject({ status: 200, body: { id: chat.id } });
    expect(res.body.users).toContainEqual(expect.objectContaining({ userId: colleague.id, unreads: 0 }));
  });
});
