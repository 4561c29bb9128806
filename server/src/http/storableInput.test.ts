import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";
import { insertContact, insertTicket } from "../test/workspaceFixtures";
import { unstorablePath } from "./storableInput";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let superToken: string;
let sandbox: { id: number; token: string };
let contactId: number;
let ticketId: number;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
  sandbox = await pairedSandbox(t.http, a.token, "Nul");
  const talk = await customerSays(t.http, sandbox, "5511911112222", "oi");
  ticketId = talk.ticket.id;
  await t.http.put(`/tickets/${ticketId}`, { status: "open", userId: a.user.id }, a.token);
  contactId = (await insertContact(t, a.company.id, { name: "Sem nulo" })).id;
  await insertTicket(t, a.company.id, contactId, { status: "closed" });
});
afterAll(async () => t?.close());

const invalid = (field: string) => ({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: Invalid value` } });
const nextWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

describe("unstorablePath", () => {
  it("names the first string, key or nested value holding a NUL or a lone surrogate", () => {
    expect(unstorablePath({ a: "ok", b: ["x", { c: "y\u0000" }] })).toBe("b.1.c");
    expect(unstorablePath({ "k\u0000": 1 })).toBe("k\\u0000");
    expect(unstorablePath("\u0000")).toBe("");
    expect(unstorablePath({ a: "ok", b: [{ c: "x\ud800y" }] })).toBe("b.0.c");
    expect(unstorablePath({ a: "\udc00" })).toBe("a");
    expect(unstorablePath({ a: ["ok", "😀 emoji pairs are whole"], b: 1, c: null })).toBeNull();
  });

  it("walks a body nested far deeper than the stack allows", () => {
    let deep: unknown = "\u0000";
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorablePath(deep)).toMatch(/^0(\.0)+$/);
  });
});

describe("a NUL character in a request", () => {
  it.each([
    ["POST", "/contacts", () => ({ name: "Ana\u0000", number: "" }), "name"],
    ["POST", "/tags", () => ({ name: "Tag\u0000x" }), "name"],
    ["POST", "/queue", () => ({ name: "Fila\u0000", color: "#ff0000" }), "name"],
    ["POST", "/quick-messages", () => ({ shortcode: "oi\u0000" }), "shortcode"],
    ["POST", "/ticket-notes", () => ({ note: "nota\u0000", ticketId, contactId: 0 }), "note"],
    ["POST", "/users", () => ({ name: "Us\u0000er", email: "nul-user@example.com", password: "secret1" }), "name"],
    ["POST", "/whatsapp", () => ({ name: "Wa\u0000", channel: "sandbox" }), "name"],
    ["POST", "/schedules", () => ({ body: "Olá\u0000 mundo", contactId, sendAt: nextWeek() }), "body"],
    ["POST", `/messages/:ticket`, () => ({ body: "resposta\u0000" }), "body"],
    ["PUT", "/contacts/:contact", () => ({ extraInfo: [{ name: "cpf", value: "1\u00002" }] }), "extraInfo.0.value"],
  ])("%s %s answers 400 naming the field", async (method, path, body, field) => {
    const url = path.replace(":ticket", String(ticketId)).replace(":contact", String(contactId));
    const sent = body() as Record<string, unknown>;
    if ("contactId" in sent && sent.contactId === 0) sent.contactId = (await t.http.get(`/tickets/${ticketId}`, a.token)).body.contactId;
    expect(await t.http.request(method, url, { body: sent, token: a.token })).toMatchObject(invalid(field));
  });

  it("names a key holding a NUL", async () => {
    expect(await t.http.post("/tags", { name: "Chave ok", "x\u0000": 1 }, a.token)).toMatchObject(invalid("x\\u0000"));
  });

  it("is refused on the helps, settings, sandbox media and external API routes", async () => {
    expect(await t.http.post("/helps", { title: "Vídeo\u0000" }, superToken)).toMatchObject(invalid("title"));
    expect(await t.http.put("/settings/asaas", { value: "tok\u0000en" }, superToken)).toMatchObject(invalid("value"));
    expect(await t.http.get(`/sandbox/${sandbox.id}/media/ext%00id`, sandbox.token)).toMatchObject(invalid("externalId"));
    expect(await t.http.post("/api/messages/send", { number: "5511933334444", body: "oi\u0000" }, sandbox.token)).toMatchObject(invalid("body"));
  });

  it("is refused in a query string and in a path parameter", async () => {
    expect(await t.http.get("/contacts?searchParam=a%00b", a.token)).toMatchObject(invalid("searchParam"));
    expect(await t.http.get("/tickets?searchParam=%00", a.token)).toMatchObject(invalid("searchParam"));
    expect(await t.http.put("/settings/user%00Rating", { value: "enabled" }, a.token)).toMatchObject(invalid("key"));
  });

  it("changes nothing", async () => {
    const before = (await t.http.get(`/contacts/${contactId}`, a.token)).body;
    expect(await t.http.put(`/contacts/${contactId}`, { name: "Outro\u0000nome", email: "novo@example.com" }, a.token)).toMatchObject(invalid("name"));
    expect((await t.http.get(`/contacts/${contactId}`, a.token)).body).toEqual(before);
    const messages = (await t.http.get(`/messages/${ticketId}`, a.token)).body.count;
    expect(await t.http.post(`/messages/${ticketId}`, { body: "de novo\u0000" }, a.token)).toMatchObject(invalid("body"));
    expect((await t.http.get(`/messages/${ticketId}`, a.token)).body.count).toBe(messages);
  });
});

describe("a lone surrogate in a request", () => {
  it("answers 400 naming the field where a JSON column would refuse it, and stores nothing", async () => {
    const before = (await t.http.get(`/contacts/${contactId}`, a.token)).body;
    expect(await t.http.put(`/contacts/${contactId}`, { extraInfo: [{ name: "cpf\ud800", value: "1" }] }, a.token)).toMatchObject(invalid("extraInfo.0.name"));
    expect(await t.http.post("/contacts", { name: "Ana Lúcia", number: "", extraInfo: [{ name: "nota", value: "\udc00" }] }, a.token)).toMatchObject(invalid("extraInfo.0.value"));
    expect((await t.http.get(`/contacts/${contactId}`, a.token)).body).toEqual(before);
  });

  it("is refused in plain text fields too, as the same rule", async () => {
    expect(await t.http.post("/tags", { name: "Tag\ud83d" }, a.token)).toMatchObject(invalid("name"));
    expect((await t.http.post("/tags", { name: "Tag 😀" }, a.token)).status).toBe(201);
  });
});
