import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { eq } from "drizzle-orm";
import { plans } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await startTestApp();
  await t.built.ctx.db.update(plans).set({ connections: 1000 }).where(eq(plans.id, 1)); // room for every test's connections
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("sandbox sessions", () => {
  it("starts with a QR code whose link pairs the connection, and tells the browser", async () => {
    const socket = await connectSocket(t.url, a.token);
    const qr = nextEvent(socket, `company-${a.company.id}-whatsappSession`, 3_000, (e) => e.session.status === "qrcode");
    const created = await t.http.post("/whatsapp", { name: "Loja", channel: "sandbox" }, a.token);
    expect(created).toMatchObject({ status: 201, body: { name: "Loja", channel: "sandbox", isDefault: true, token: expect.any(String) } });
    const session = (await qr)!.session;
    expect(session.qrcode).toMatch(new RegExp(`^/sandbox/pair/${created.body.id}/`));
    expect(session.token).toBeUndefined();

    expect(await t.http.post(`/sandbox/${created.body.id}/inbound`, { number: "5511900009999", body: "cedo demais" }, created.body.token)).toMatchObject({ status: 400, body: { error: "ERR_WAPP_NOT_INITIALIZED" } });
    const code = session.qrcode.split("/").pop();
    expect(await t.http.post(`/sandbox/pair/${created.body.id}/wrong-code-123`, {})).toMatchObject({ status: 400 });
    const connected = nextEvent(socket, `company-${a.company.id}-whatsappSession`, 3_000, (e) => e.session.status === "CONNECTED");
    expect(await t.http.post(`/sandbox/pair/${created.body.id}/${code}`, {})).toMatchObject({ status: 200, body: { status: "CONNECTED" } });
    expect((await connected)!.session).toMatchObject({ id: created.body.id, status: "CONNECTED", qrcode: "" });
    socket.close();

    const disconnected = await t.http.del(`/whatsappsession/${created.body.id}`, a.token);
    expect(disconnected.status).toBe(200);
    expect((await t.http.get(`/whatsapp/${created.body.id}`, a.token)).body.status).toBe("DISCONNECTED");
  });

  it("accepts the connection's token or an admin of its company, nobody else", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const msg = { number: "5511900001111", body: "oi" };
    expect((await t.http.post(`/sandbox/${w.id}/inbound`, msg)).status).toBe(401);
    expect(await t.http.post(`/sandbox/${w.id}/inbound`, msg, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    expect(await t.http.post(`/sandbox/${w.id}/inbound`, msg, "not-a-token")).toMatchObject({ status: 403 });
    expect((await t.http.post(`/sandbox/${w.id}/inbound`, msg, a.token)).status).toBe(201);
    const own = await t.http.post(`/sandbox/${w.id}/inbound`, { ...msg, id: "x1" }, w.token);
    expect(own.status).toBe(201);
    // what the bot read along with the message (the connection's row) stays in the server
    expect(Object.keys(own.body).sort()).toEqual(["created", "duplicate", "message", "rating", "ticket"]);
    expect(JSON.stringify(own.body)).not.toContain(w.token);
  });

  it("judges each of many requests at once on its own token, though they share the connection's read", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const tokens = [w.token, b.token, "not-a-token", w.token, undefined, a.token];
    const answers = await Promise.all(tokens.map((token, i) => t.http.post(`/sandbox/${w.id}/inbound`, { number: `55119000022${i}`, body: "ao mesmo tempo" }, token)));
    expect(answers.map((r) => r.status)).toEqual([201, 404, 403, 201, 401, 201]);
  });

  it("validates what the phone sends", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    expect(await t.http.post(`/sandbox/${w.id}/inbound`, { number: "12", body: "oi" }, w.token)).toMatchObject({ status: 400, body: { field: "number" } });
    expect(await t.http.post(`/sandbox/${w.id}/inbound`, { number: "5511900001111", body: "  " }, w.token)).toMatchObject({ status: 400, body: { field: "body" } });
    expect(await t.http.post(`/sandbox/${w.id}/inbound`, { number: "5511900001111", media: { data: "%%%", filename: "a.png", mimetype: "image/png" } }, w.token)).toMatchObject({ status: 400 });
  });
});

describe("the inbound pipeline", () => {
  it("turns a new customer's message into a contact, a pending ticket and a message, live", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const socket = await connectSocket(t.url, a.token);
    socket.emit("joinNotification");
    socket.emit("joinTickets", "pending");
    await new Promise((r) => setTimeout(r, 100));
    const appMessage = nextEvent(socket, `company-${a.company.id}-appMessage`);
    const res = await customerSays(t.http, w, "55 11 91234-5678", "Olá, preciso de ajuda");
    expect(res.duplicate).toBe(false);
    expect(res.ticket).toMatchObject({ status: "pending", unreadMessages: 1, lastMessage: "Olá, preciso de ajuda", userId: null, whatsappId: w.id, contact: { number: "5511912345678", name: "Cliente 5678" } });
    expect(res.message).toMatchObject({ body: "Olá, preciso de ajuda", fromMe: false, ticketId: res.ticket.id, contact: { name: "Cliente 5678" } });
    expect(await appMessage).toMatchObject({ action: "create", message: { id: res.message.id }, ticket: { id: res.ticket.id }, contact: { number: "5511912345678" } });
    socket.close();

    const second = await customerSays(t.http, w, "5511912345678", "Alguém?");
    expect(second.ticket).toMatchObject({ id: res.ticket.id, unreadMessages: 2, lastMessage: "Alguém?" });
  });

  it("stores a message delivered twice once, answering with the same message", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const first = await t.http.post(`/sandbox/${w.id}/inbound`, { id: "ABC-1", number: "5511900002222", body: "uma vez" }, w.token);
    const again = await t.http.post(`/sandbox/${w.id}/inbound`, { id: "ABC-1", number: "5511900002222", body: "uma vez" }, w.token);
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 200, body: { duplicate: true, message: { id: first.body.message.id } } });
    const list = await t.http.get(`/messages/${first.body.ticket.id}`, a.token);
    expect(list.body.count).toBe(1);
    expect(list.body.ticket.unreadMessages).toBe(0);
  });

  it("50 messages of one new contact delivered at once, each twice, end as one ticket with 50 messages", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const number = "5511988887777";
    const sends = Array.from({ length: 50 }, (_, i) => ({ id: `BURST-${i}`, number, name: "Rajada", body: `mensagem ${i}` }));
    const results = await Promise.all([...sends, ...sends].map((m) => t.http.post(`/sandbox/${w.id}/inbound`, m, w.token)));
    expect(results.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    expect(results.filter((r) => r.status === 201)).toHaveLength(50);
    const ticketIds = new Set(results.map((r) => r.body.ticket.id));
    expect(ticketIds.size).toBe(1);
    const [ticketId] = [...ticketIds];
    const all = await t.http.get(`/tickets?status=pending&showAll=true&searchParam=${number}`, a.token);
    expect(all.body.tickets.filter((tk: { contact: { number: string } }) => tk.contact.number === number)).toHaveLength(1);
    const messages = await t.http.get(`/messages/${ticketId}`, a.token);
    expect(messages.body.count).toBe(50);
    expect(new Set(results.map((r) => r.body.message.id)).size).toBe(50);
    // the phone keeps its own copy of each message it sent, once
    const phone = await t.http.get(`/sandbox/${w.id}/conversation?number=${number}`, w.token);
    const sent = phone.body.filter((m: { direction: string }) => m.direction === "in").map((m: { body: string }) => m.body);
    expect(sent.sort()).toEqual(sends.map((m) => m.body).sort());
  });

  // Two processes do not share the in-process queue of a customer's messages: only the
  // database's unique indexes and the pipeline's retry keep each message once, in one ticket.
  it.skipIf(!process.env.DATABASE_URL)("two server processes on one database, delivered new contacts' bursts twice each in opposite orders, store each message once, one ticket per contact", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const two = await startTestApp({ databaseUrl: t.config.databaseUrl });
    try {
      const numbers = Array.from({ length: 8 }, (_, c) => `55119777700${c}0`);
      const sends = numbers.flatMap((number, c) => Array.from({ length: 8 }, (_, i) => ({ id: `TWO-${c}-${i}`, number, name: "Dupla", body: `par ${c} ${i}` })));
      // one process gets them first to last, the other last to first: they open tickets at once and meet on the same messages
      const backwards = [...sends].reverse();
      const results = await Promise.all(sends.flatMap((m, i) => [m, m, backwards[i], backwards[i]].map((body, k) => (k < 2 ? t : two).http.post(`/sandbox/${w.id}/inbound`, body, w.token))));
      expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 201)).toEqual([]);
      expect(results.filter((r) => r.status === 201)).toHaveLength(sends.length);
      expect(new Set(results.map((r) => r.body.message.id)).size).toBe(sends.length);
      for (const number of numbers) {
        const mine = results.filter((r) => r.body.ticket.contact.number === number);
        const ticketIds = new Set(mine.map((r) => r.body.ticket.id));
        expect(ticketIds.size).toBe(1);
        const messages = await t.http.get(`/messages/${[...ticketIds][0]}`, a.token);
        expect(messages.body.count).toBe(8);
        expect(messages.body.ticket.unreadMessages).toBe(0); // read by opening it; it counted 8
      }
    } finally {
      await two.close();
    }
  });

  // Another process's transaction opens the ticket, or stores the same message, while this
  // delivery's statement runs: the statement loses the race, stores nothing and runs again.
  it.skipIf(!process.env.DATABASE_URL)("a delivery that loses the race for the ticket, or for the message, to another writer still ends once, in that ticket", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const { default: pg } = await import("pg");
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    const held = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      // the other writer opens the ticket of a new contact and commits while the delivery waits on the contact
      await other.query("begin");
      const [contact] = (await other.query("insert into contacts (company_id, name, number, whatsapp_id) values ($1, 'Outro', '5511955550000', $2) returning id", [a.company.id, w.id])).rows;
      const [ticket] = (await other.query("insert into tickets (company_id, contact_id, whatsapp_id, status) values ($1, $2, $3, 'pending') returning id", [a.company.id, contact.id, w.id])).rows;
      const first = t.http.post(`/sandbox/${w.id}/inbound`, { id: "RACE-1", number: "5511955550000", body: "primeira" }, w.token);
      await held(300);
      await other.query("commit");
      expect(await first).toMatchObject({ status: 201, body: { duplicate: false, ticket: { id: ticket.id, unreadMessages: 1, lastMessage: "primeira" } } });

      // the other writer stores the same message (same connection and id) and commits meanwhile
      await other.query("begin");
      await other.query("update contacts set updated_at = now() where id = $1", [contact.id]);
      const [theirs] = (
        await other.query("insert into messages (company_id, ticket_id, whatsapp_id, contact_id, external_id, body) values ($1, $2, $3, $4, 'RACE-2', 'segunda') returning id", [a.company.id, ticket.id, w.id, contact.id])
      ).rows;
      const second = t.http.post(`/sandbox/${w.id}/inbound`, { id: "RACE-2", number: "5511955550000", body: "segunda" }, w.token);
      await held(300);
      await other.query("commit");
      expect(await second).toMatchObject({ status: 200, body: { duplicate: true, message: { id: theirs.id } } });

      const tickets = (await other.query("select id from tickets where contact_id = $1", [contact.id])).rows;
      expect(tickets).toEqual([{ id: ticket.id }]);
      const stored = (await other.query("select external_id from messages where ticket_id = $1 order by id", [ticket.id])).rows.map((r) => r.external_id);
      expect(stored).toEqual(["RACE-1", "RACE-2"]);
    } finally {
      await other.query("rollback").catch(() => undefined);
      await other.end();
    }
  });

  it("stores media under the company, readable only with that company's token", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const png = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex").toString("base64");
    const res = await customerSays(t.http, w, "5511900003333", "", { media: { data: png, filename: "foto do cliente.png", mimetype: "image/png" } });
    expect(res.message).toMatchObject({ mediaType: "image", mediaName: "foto_do_cliente.png", mediaUrl: `/media/messages/${res.message.id}` });
    expect(res.ticket.lastMessage).toBe("foto_do_cliente.png");
    const file = await fetch(t.url + res.message.mediaUrl, { headers: { authorization: `Bearer ${a.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer()).toString("base64")).toBe(png);
    expect((await fetch(t.url + res.message.mediaUrl)).status).toBe(401);
    expect((await fetch(t.url + res.message.mediaUrl, { headers: { authorization: `Bearer ${b.token}` } })).status).toBe(404);
  });

  it("keeps locations and quoted replies", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const first = await customerSays(t.http, w, "5511900004444", "primeira", { id: "Q-1" });
    const reply = await customerSays(t.http, w, "5511900004444", "respondendo", { quotedId: "Q-1" });
    expect(reply.message.quotedMsg).toMatchObject({ id: first.message.id, body: "primeira" });
    const loc = await customerSays(t.http, w, "5511900004444", "", { location: { latitude: -23.5, longitude: -46.6, description: "Loja" } });
    expect(loc.message.mediaType).toBe("locationMessage");
    expect(loc.message.body.split("|")).toHaveLength(3);
  });

  it("keeps the customer's edits and missed calls", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const first = await customerSays(t.http, w, "5511900005555", "errado", { id: "E-1" });
    expect((await t.http.post(`/sandbox/${w.id}/edit`, { id: "E-1", body: "certo" }, w.token)).status).toBe(200);
    const call = await t.http.post(`/sandbox/${w.id}/call`, { number: "5511900005555" }, w.token);
    expect(call.status).toBe(201);
    const list = await t.http.get(`/messages/${first.ticket.id}`, a.token);
    expect(list.body.messages).toEqual([expect.objectContaining({ id: first.message.id, body: "certo", isEdited: true }), expect.objectContaining({ mediaType: "call_log", fromMe: false })]);
    expect(list.body.ticket.lastMessage).toBe("📞");
  });
});

describe("text a database cannot hold as it came (a NUL, half of a surrogate pair)", () => {
  it("stores the customer's message once and shows it normalised, its repeat answered as the same message", async () => {
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const sent = { id: "ODD-1", number: "5511900006666", name: "Jo\u0000ão \ud800", body: "a\u0000b 😀 c\udc00", quotedId: "Q\u0000" };
    const first = await t.http.post(`/sandbox/${w.id}/inbound`, sent, w.token);
    expect(first).toMatchObject({ status: 201, body: { duplicate: false, message: { body: "ab 😀 c\ufffd" } } });
    expect(await t.http.post(`/sandbox/${w.id}/inbound`, sent, w.token)).toMatchObject({ status: 200, body: { duplicate: true, message: { id: first.body.message.id } } });
    expect((await t.http.post(`/sandbox/${w.id}/edit`, { id: "ODD-1", body: "de\u0000novo \udbff" }, w.token)).status).toBe(200);
    expect((await t.http.post(`/sandbox/${w.id}/call`, { number: "5511900006667", name: "Li\u0000gação" }, w.token)).status).toBe(201);

    const list = await t.http.get(`/messages/${first.body.ticket.id}`, a.token);
    expect(list.body.count).toBe(1);
    expect(list.body.messages[0]).toMatchObject({ body: "denovo \ufffd", isEdited: true, contact: { name: "João \ufffd" } });
    const caller = await t.http.get(`/contacts?searchParam=5511900006667`, a.token);
    expect(caller.body.contacts.map((c: { name: string }) => c.name)).toEqual(["Ligação"]);
  });
});
