import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";

const LIMIT = 5;
let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await startTestApp({ build: { externalApiMaxPerMinute: LIMIT } });
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

let seq = 0;
const newNumber = () => `55119${String(Date.now() % 100000).padStart(5, "0")}${String(seq++).padStart(3, "0")}`;
const send = (token: string, body: unknown) => t.http.post("/api/messages/send", body, token);

function multipart(token: string, fields: Record<string, string>, files: { name: string; type: string; data: string }[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append("medias", new Blob([Buffer.from(f.data)], { type: f.type }), f.name);
  return fetch(`${t.url}/api/messages/send`, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } });
}

describe("POST /api/messages/send", () => {
  it("sends a text from the company through the token's connection and reuses the contact's ticket", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("Api"));
    const number = newNumber();
    const first = await send(w.token, { number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4)}`, body: "Seu pedido saiu para entrega" });
    expect(first.status).toBe(200);
    expect(first.body.message).toMatchObject({ body: "Seu pedido saiu para entrega", fromMe: true, sendStatus: "sent", userId: null });
    expect(first.body.ticket).toMatchObject({ status: "pending", userId: null, whatsappId: w.id, companyId: a.company.id, lastMessage: "Seu pedido saiu para entrega" });
    expect(first.body.ticket.contact).toMatchObject({ number });

    const outbound = await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token);
    expect(outbound.body.map((m: { body: string }) => m.body)).toEqual(["Seu pedido saiu para entrega"]);

    const second = await send(w.token, { number, body: "Chega hoje" });
    expect(second.status).toBe(200);
    expect(second.body.ticket.id).toBe(first.body.ticket.id);
    const messages = await t.http.get(`/messages/${first.body.ticket.id}`, a.token);
    expect(messages.body.messages.map((m: { body: string }) => m.body)).toEqual(["Seu pedido saiu para entrega", "Chega hoje"]);
  });

  it("writes into the customer's active ticket, keeping its status and attendant", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("Api"));
    const number = newNumber();
    const { ticket } = await customerSays(t.http, w, number, "Oi, quero saber do pedido");
    const accepted = await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
    expect(accepted.status).toBe(200);
    const res = await send(w.token, { number, body: "Atualização automática" });
    expect(res.body.ticket).toMatchObject({ id: ticket.id, status: "open", userId: a.user.id });
  });

  it("sends files as multipart, with the caption on the first and names with spaces as underscores", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("Api"));
    const number = newNumber();
    const res = await multipart(w.token, { number, body: "Sua nota fiscal" }, [
      { name: "nota fiscal 123.pdf", type: "application/pdf", data: "%PDF-1.4 nota" },
      { name: "foto produto.png", type: "image/png", data: "png-bytes" },
    ]);
    expect(res.status).toBe(200);
    const json = (await res.json()) as { messages: unknown[]; message: { mediaUrl: string } };
    expect(json.messages).toHaveLength(2);
    const outbound = await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token);
    expect(outbound.body).toMatchObject([
      { body: "Sua nota fiscal", mediaType: "application", mediaName: "nota_fiscal_123.pdf" },
      { body: "", mediaType: "image", mediaName: "foto_produto.png" },
    ]);
    const stored = await fetch(t.url + json.message.mediaUrl, { headers: { authorization: `Bearer ${a.token}` } });
    expect(await stored.text()).toBe("%PDF-1.4 nota");

    const textOnly = await multipart(w.token, { number, body: "só texto pelo formulário" });
    expect(textOnly.status).toBe(200);
    expect((await multipart(w.token, { number, body: "  " })).status).toBe(400);
  });

  it("refuses a missing or unknown token with 401", async () => {
    const noToken = await t.http.post("/api/messages/send", { number: newNumber(), body: "oi" });
    expect(noToken).toMatchObject({ status: 401, body: { error: "ERR_INVALID_TOKEN" } });
    expect(await send("not-a-connection-token", { number: newNumber(), body: "oi" })).toMatchObject({ status: 401, body: { error: "ERR_INVALID_TOKEN" } });
    // a user's session token is not a connection token
    expect(await send(a.token, { number: newNumber(), body: "oi" })).toMatchObject({ status: 401, body: { error: "ERR_INVALID_TOKEN" } });
  });

  it("keeps companies apart: a token sends only as its own connection, to its own company's contacts", async () => {
    const wa = await pairedSandbox(t.http, a.token, unique("Api"));
    const wb = await pairedSandbox(t.http, b.token, unique("Api"));
    const number = newNumber();
    const { ticket: ticketOfA } = await customerSays(t.http, wa, number, "Sou cliente da empresa A");

    const res = await send(wb.token, { number, body: "Mensagem da empresa B" });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ companyId: b.company.id, whatsappId: wb.id });
    expect(res.body.ticket.id).not.toBe(ticketOfA.id);
    expect(res.body.ticket.contact.id).not.toBe(ticketOfA.contact.id);

    const contactsOfA = await t.http.get(`/contacts?searchParam=${number}`, a.token);
    expect(contactsOfA.body.contacts.map((c: { id: number }) => c.id)).toEqual([ticketOfA.contact.id]);
    const messagesOfA = await t.http.get(`/messages/${ticketOfA.id}`, a.token);
    expect(messagesOfA.body.messages.map((m: { body: string }) => m.body)).toEqual(["Sou cliente da empresa A"]);
    expect((await t.http.get(`/sandbox/${wa.id}/outbound?number=${number}`, wa.token)).body).toEqual([]);
    expect((await t.http.get(`/messages/${res.body.ticket.id}`, a.token)).status).toBe(404);
  });

  it("names the invalid field", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("Api"));
    expect(await send(w.token, { number: "123456789", body: "oi" })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "number" } });
    expect(await send(w.token, { number: "5511999990000123", body: "oi" })).toMatchObject({ status: 400, body: { field: "number" } });
    expect(await send(w.token, { body: "oi" })).toMatchObject({ status: 400, body: { field: "number" } });
    expect(await send(w.token, { number: newNumber(), body: "   " })).toMatchObject({ status: 400, body: { field: "body" } });
    const res = await multipart(w.token, { number: "abc", body: "oi" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "number" });
  });

  it("limits the sends of one token per minute", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("Api"));
    const other = await pairedSandbox(t.http, a.token, unique("Api"));
    const number = newNumber();
    for (let i = 0; i < LIMIT; i++) expect((await send(w.token, { number, body: `msg ${i}` })).status).toBe(200);
    expect(await send(w.token, { number, body: "uma a mais" })).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
    expect((await send(other.token, { number, body: "outra conexão" })).status).toBe(200);
    expect((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body).toHaveLength(LIMIT);
  });

  it("refuses a connection that is not connected before storing anything", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("Api"));
    expect((await t.http.del(`/whatsappsession/${w.id}`, a.token)).status).toBe(200);
    const number = newNumber();
    expect(await send(w.token, { number, body: "oi" })).toMatchObject({ status: 400, body: { error: "ERR_WAPP_NOT_INITIALIZED" } });
    const contacts = await t.http.get(`/contacts?searchParam=${number}`, a.token);
    expect(contacts.body.contacts).toEqual([]);
  });
});
