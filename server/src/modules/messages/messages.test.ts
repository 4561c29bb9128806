import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { createAttendant } from "../../test/workspaceFixtures";
import { and, eq } from "drizzle-orm";
import { messages, sandboxMessages } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let w: Awaited<ReturnType<typeof pairedSandbox>>;
let n = 0;
const phone = () => `5521${String(900_000_000 + n++)}`;

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  w = await pairedSandbox(t.http, a.token);
});
afterAll(async () => t?.close());

async function openConversation(text = "Oi") {
  const number = phone();
  const { ticket, message } = await customerSays(t.http, w, number, text);
  await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);
  return { number, ticket, message };
}

describe("sending", () => {
  it("sends text through the connection; the customer's phone gets it and its receipts come back live", async () => {
    const { number, ticket, message } = await openConversation();
    const socket = await connectSocket(t.url, a.token);
    socket.emit("joinChatBox", ticket.id);
    await new Promise((r) => setTimeout(r, 100));
    const created = nextEvent(socket, `company-${a.company.id}-appMessage`, 2_000, (e) => e.action === "create");
    const sentUpdate = nextEvent(socket, `company-${a.company.id}-appMessage`, 2_000, (e) => e.action === "update" && e.message.sendStatus === "sent");
    expect(await t.http.post(`/messages/${ticket.id}`, { body: "*Ana:*\nComo posso ajudar?", quotedMsg: { id: message.id } }, a.token)).toMatchObject({ status: 200 });
    expect(await created).toMatchObject({ message: { body: "*Ana:*\nComo posso ajudar?", fromMe: true, sendStatus: "pending", quotedMsg: { id: message.id } } });
    const sent = (await sentUpdate)!.message;
    expect(sent).toMatchObject({ ack: 1, sendStatus: "sent" });

    const outbound = await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token);
    expect(outbound.body).toEqual([expect.objectContaining({ body: "*Ana:*\nComo posso ajudar?", ack: 1, quotedId: message ? expect.any(String) : null })]);

    const read = nextEvent(socket, `company-${a.company.id}-appMessage`, 2_000, (e) => e.action === "update" && e.message.ack === 3);
    expect((await t.http.post(`/sandbox/${w.id}/ack`, { id: outbound.body[0].id, ack: 3 }, w.token)).status).toBe(200);
    expect((await read)!.message).toMatchObject({ id: sent.id, ack: 3 });
    socket.close();
    // reading the conversation marks the customer's messages read on the phone too
    await t.http.get(`/messages/${ticket.id}`, a.token);
    const phoneView = await t.http.get(`/sandbox/${w.id}/conversation?number=${number}`, w.token);
    expect(phoneView.body.find((m: { direction: string }) => m.direction === "in").ack).toBe(3);
  });

  it("sends files as multipart, names with spaces becoming underscores", async () => {
    const { number, ticket } = await openConversation();
    const form = new FormData();
    form.append("body", "segue o catálogo");
    form.append("fromMe", "true");
    form.append("medias", new Blob([Buffer.from("%PDF-1.4 test")], { type: "application/pdf" }), "catalogo de produtos.pdf");
    const res = await fetch(`${t.url}/messages/${ticket.id}`, { method: "POST", body: form, headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    const outbound = await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token);
    expect(outbound.body[0]).toMatchObject({ body: "segue o catálogo", mediaType: "application", mediaName: "catalogo_de_produtos.pdf" });
    const list = await t.http.get(`/messages/${ticket.id}`, a.token);
    const mine = list.body.messages.at(-1);
    expect(mine).toMatchObject({ fromMe: true, mediaName: "catalogo_de_produtos.pdf", mediaUrl: `/media/messages/${mine.id}` });
    const file = await fetch(t.url + mine.mediaUrl, { headers: { authorization: `Bearer ${a.token}` } });
    expect(await file.text()).toBe("%PDF-1.4 test");
  });

  it("refuses an empty message and a ticket that is not open", async () => {
    const { ticket } = await openConversation();
    expect(await t.http.post(`/messages/${ticket.id}`, { body: "   " }, a.token)).toMatchObject({ status: 400, body: { field: "body" } });
    await t.http.put(`/tickets/${ticket.id}`, { status: "closed" }, a.token);
    expect(await t.http.post(`/messages/${ticket.id}`, { body: "oi" }, a.token)).toMatchObject({ status: 400, body: { field: "ticketId" } });
  });

  it("records each of many sends made at once with its own outcome and phone copy (written together)", async () => {
    const conversations = [await openConversation(), await openConversation()];
    const bodies = Array.from({ length: 12 }, (_, i) => `mensagem ${i + 1}`);
    const answers = await Promise.all(bodies.map((body, i) => t.http.post(`/messages/${conversations[i % 2].ticket.id}`, { body }, a.token)));
    expect(answers.map((r) => r.status)).toEqual(bodies.map(() => 200));
    for (const [c, { number, ticket }] of conversations.entries()) {
      // each message's channel id is the id of the phone's copy of that very message
      const sent = await t.built.ctx.db
        .select({ body: messages.body, sendStatus: messages.sendStatus, ack: messages.ack, copy: sandboxMessages.body, to: sandboxMessages.number })
        .from(messages)
        .leftJoin(sandboxMessages, and(eq(sandboxMessages.whatsappId, messages.whatsappId), eq(sandboxMessages.externalId, messages.externalId), eq(sandboxMessages.direction, "out")))
        .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
      const mine = bodies.filter((_, i) => i % 2 === c);
      expect(sent.map((m) => m.body).sort()).toEqual([...mine].sort());
      for (const m of sent) expect(m).toMatchObject({ sendStatus: "sent", ack: 1, copy: m.body, to: number });
    }
  });

  it("keeps a failed send visible and retryable", async () => {
    const { number, ticket } = await openConversation();
    await t.http.del(`/whatsappsession/${w.id}`, a.token);
    try {
      await t.http.post(`/messages/${ticket.id}`, { body: "vai falhar" }, a.token);
      const failed = (await t.http.get(`/messages/${ticket.id}`, a.token)).body.messages.at(-1);
      expect(failed).toMatchObject({ body: "vai falhar", sendStatus: "failed", ack: 0 });
      expect((await t.http.post(`/messages/${failed.id}/retry`, {}, a.token)).body).toMatchObject({ sendStatus: "failed" });
      await t.http.post(`/sandbox/${w.id}/pair`, {}, a.token);
      expect((await t.http.post(`/messages/${failed.id}/retry`, {}, a.token)).body).toMatchObject({ sendStatus: "sent", ack: 1 });
      expect((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body).toHaveLength(1);
    } finally {
      await t.http.post(`/sandbox/${w.id}/pair`, {}, a.token);
    }
  });
});

describe("reading and deleting", () => {
  it("pages 20 at a time, newest page first, oldest first within a page", async () => {
    const number = phone();
    let ticketId = 0;
    for (let i = 1; i <= 25; i++) ticketId = (await customerSays(t.http, w, number, `m${i}`)).ticket.id;
    const page1 = await t.http.get(`/messages/${ticketId}?pageNumber=1`, a.token);
    expect(page1.body.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`));
    expect(page1.body).toMatchObject({ count: 25, hasMore: true, ticket: { id: ticketId, unreadMessages: 0 } });
    const page2 = await t.http.get(`/messages/${ticketId}?pageNumber=2`, a.token);
    expect(page2.body.messages.map((m: { body: string }) => m.body)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(page2.body.hasMore).toBe(false);
  });

  it("deletes only the company's own messages, for the customer too", async () => {
    const { number, ticket, message } = await openConversation("apaga não");
    expect(await t.http.del(`/messages/${message.id}`, a.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    await t.http.post(`/messages/${ticket.id}`, { body: "mensagem errada" }, a.token);
    const mine = (await t.http.get(`/messages/${ticket.id}`, a.token)).body.messages.at(-1);
    expect((await t.http.del(`/messages/${mine.id}`, a.token)).status).toBe(200);
    const after = (await t.http.get(`/messages/${ticket.id}`, a.token)).body.messages.at(-1);
    expect(after).toMatchObject({ id: mine.id, isDeleted: true, body: "" });
    expect((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body[0]).toMatchObject({ deleted: true, body: "" });
    expect((await t.http.del(`/messages/999999`, a.token)).status).toBe(404);
  });
});

describe("replies and history stay inside the company and the caller's queues", () => {
  it("refuses to quote another conversation's message", async () => {
    const one = await openConversation("primeira conversa");
    const two = await openConversation("segunda conversa");
    expect(await t.http.post(`/messages/${two.ticket.id}`, { body: "oi", quotedMsg: { id: one.message.id } }, a.token)).toMatchObject({ status: 400, body: { field: "quotedMsg" } });
    expect(await t.http.post(`/messages/${two.ticket.id}`, { body: "oi", quotedMsg: { id: 3_000_000_000 } }, a.token)).toMatchObject({ status: 400 });
  });
});

describe("another company's records are not found, and an attendant stays in his queues", () => {
  it("answers 404 to a user of company B for A's ticket and messages, and changes nothing", async () => {
    const b = await signUpCompany(t.http);
    const { number, ticket, message } = await openConversation("só da empresa A");
    await t.http.post(`/messages/${ticket.id}`, { body: "resposta de A" }, a.token);
    const mine = (await t.http.get(`/messages/${ticket.id}`, a.token)).body.messages.at(-1);
    expect(mine).toMatchObject({ body: "resposta de A", fromMe: true });

    expect(await t.http.post(`/messages/${ticket.id}`, { body: "intrusa" }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await t.http.get(`/messages/${ticket.id}`, b.token)).toMatchObject({ status: 404 });
    expect(await t.http.del(`/messages/${mine.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect(await t.http.del(`/messages/${message.id}`, b.token)).toMatchObject({ status: 404 });
    // 404 before any check of the message's state (a 400 "not a failed message" would reveal it exists)
    expect(await t.http.post(`/messages/${mine.id}/retry`, {}, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });

    const after = (await t.http.get(`/messages/${ticket.id}`, a.token)).body.messages;
    expect(after.map((m: { body: string; isDeleted: boolean }) => [m.body, m.isDeleted])).toEqual([
      ["só da empresa A", false],
      ["resposta de A", false],
    ]);
    const outbound = (await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body;
    expect(outbound.map((m: { body: string; deleted?: boolean }) => [m.body, Boolean(m.deleted)])).toEqual([["resposta de A", false]]);
  });

  it("refuses with 403 ERR_NO_PERMISSION an attendant writing to a ticket of a queue he is not in", async () => {
    const sales = (await t.http.post("/queue", { name: unique("Vendas "), color: "#1e88e5" }, a.token)).body.id as number;
    const support = (await t.http.post("/queue", { name: unique("Suporte "), color: "#43a047" }, a.token)).body.id as number;
    const attendant = await createAttendant(t, a.token, { queueIds: [support] });
    const { number, ticket, message } = await openConversation("fila de vendas");
    expect((await t.http.put(`/tickets/${ticket.id}`, { queueId: sales }, a.token)).status).toBe(200);

    expect(await t.http.post(`/messages/${ticket.id}`, { body: "não é minha fila" }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.get(`/messages/${ticket.id}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.post(`/messages/${message.id}/retry`, {}, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body).toEqual([]);

    // moved to his queue, the same attendant may write
    expect((await t.http.put(`/tickets/${ticket.id}`, { queueId: support }, a.token)).status).toBe(200);
    expect((await t.http.post(`/messages/${ticket.id}`, { body: "agora sim" }, attendant.token)).status).toBe(200);
    expect((await t.http.get(`/sandbox/${w.id}/outbound?number=${number}`, w.token)).body).toEqual([expect.objectContaining({ body: "agora sim" })]);
  });
});
