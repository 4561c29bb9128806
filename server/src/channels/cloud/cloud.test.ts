import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { contacts, messages, queueOptions, tickets, whatsapps } from "../../db/schema";
import { failMessagesContaining } from "../../test/failingInserts";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { redeliverPending, retryDueSends } from "../../automation/outbox";
import { cloudPacing } from "./pacing";
import { CloudGraphStandIn } from "../../test/standins/cloudGraph";

const PHONE_ID = "109876543210987";
const ACCESS_TOKEN = "EAAG-test-access-token-0123456789";
const APP_SECRET = "app-secret-for-signatures";
const VERIFY_TOKEN = "verify-me-please";
const VERSION = "v21.0";
const IMAGE = Buffer.from("\xff\xd8\xff\xe0fake-jpeg-bytes", "latin1");

let t: TestApp;
let graph: CloudGraphStandIn;
let admin: { token: string; user: { id: number } };
let whatsapp: { id: number; companyId: number };
let seq = 0;

const sign = (raw: string, secret = APP_SECRET) => `sha256=${crypto.createHmac("sha256", secret).update(raw).digest("hex")}`;

/** Meta's POST to the webhook: the raw JSON, signed (or not) over its exact bytes. */
async function deliver(payload: unknown, signature: string | null = "valid", whatsappId = whatsapp.id) {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature) headers["x-hub-signature-256"] = signature === "valid" ? sign(raw) : signature;
  return fetch(`${t.url}/webhooks/whatsapp-cloud/${whatsappId}`, { method: "POST", headers, body: raw });
}

const envelope = (value: Record<string, unknown>): any => ({
  object: "whatsapp_business_account",
  entry: [{ id: "WABA-1", changes: [{ field: "messages", value: { messaging_product: "whatsapp", metadata: { display_phone_number: "551140000000", phone_number_id: PHONE_ID }, ...value } }] }],
});
const inbound = (from: string, name: string, message: Record<string, unknown>) =>
  envelope({ contacts: [{ profile: { name }, wa_id: from }], messages: [{ from, id: `wamid.IN${Date.now()}${seq++}`, timestamp: String(Math.floor(Date.now() / 1000)), ...message }] });
const statusUpdate = (id: string, status: string) => envelope({ statuses: [{ id, status, timestamp: String(Math.floor(Date.now() / 1000)), recipient_id: "5511988887777" }] });

const messageByExternalId = async (externalId: string) =>
  await t.built.ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.whatsappId, whatsapp.id), eq(messages.externalId, externalId)));

beforeAll(async () => {
  graph = await new CloudGraphStandIn({ phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, version: VERSION, lastingMedia: { "MEDIA-IN-1": IMAGE } }).start();
  t = await startTestApp();
  admin = await t.http.login(ADMIN.email, ADMIN.password);
  const created = await t.http.post(
    "/whatsapp",
    { name: "Cloud", channel: "cloud", cloud: { phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, graphUrl: graph.url } },
    admin.token,
  );
  if (created.status !== 201) throw new Error(`create cloud connection: ${created.status} ${JSON.stringify(created.body)}`);
  whatsapp = created.body;
});
afterAll(async () => {
  await t?.close();
  await graph?.stop();
});
beforeEach(() => {
  graph.seen = [];
  graph.failNext = null;
  graph.failNextRetryAfter = null;
});

describe("cloud connection settings", () => {
  it("connects after Graph confirms the number, and never shows or stores the secrets in clear", async () => {
    const shown = await t.http.get(`/whatsapp/${whatsapp.id}`, admin.token);
    expect(shown.body).toMatchObject({ channel: "cloud", status: "CONNECTED", number: "551140000000", cloud: { phoneNumberId: PHONE_ID, accessToken: "", appSecret: "", verifyToken: VERIFY_TOKEN, apiVersion: VERSION } });
    const [row] = await t.built.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
    expect(JSON.stringify(row.cloud)).not.toContain(ACCESS_TOKEN);
    expect(JSON.stringify(row.cloud)).not.toContain(APP_SECRET);
    expect((await fs.stat(path.join(t.config.dataDir, "channel.key"))).mode & 0o077).toBe(0);

    // an edit that leaves the secrets out keeps them: the session check still authenticates
    const edited = await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: { phoneNumberId: PHONE_ID, verifyToken: VERIFY_TOKEN, graphUrl: graph.url } }, admin.token);
    expect(edited.status).toBe(200);
    expect((await t.http.post(`/whatsappsession/${whatsapp.id}`, {}, admin.token)).status).toBe(200);
    expect(graph.seen.at(-1)).toMatchObject({ method: "GET", path: `/${VERSION}/${PHONE_ID}`, auth: `Bearer ${ACCESS_TOKEN}` });
  });

  it("requires the settings for the cloud channel, and lets only super users choose another Graph URL", async () => {
    const owner = await signUpCompany(t.http);
    const base = { phoneNumberId: PHONE_ID, accessToken: "x".repeat(20), appSecret: "s".repeat(20), verifyToken: VERIFY_TOKEN };
    expect(await t.http.post("/whatsapp", { name: unique("C"), channel: "cloud" }, owner.token)).toMatchObject({ status: 400, body: { field: "cloud" } });
    expect(await t.http.post("/whatsapp", { name: unique("C"), channel: "cloud", cloud: { ...base, appSecret: "" } }, owner.token)).toMatchObject({ status: 400, body: { field: "cloud.appSecret" } });
    expect(await t.http.post("/whatsapp", { name: unique("C"), channel: "cloud", cloud: { ...base, phoneNumberId: "abc" } }, owner.token)).toMatchObject({ status: 400, body: { field: "cloud.phoneNumberId" } });
    expect(await t.http.post("/whatsapp", { name: unique("C"), channel: "cloud", cloud: { ...base, graphUrl: "http://127.0.0.1:1" } }, owner.token)).toMatchObject({ status: 400, body: { field: "cloud.graphUrl" } });
  });

  it("keeps the number's messages per second (Meta's 80 by default), also through an edit that leaves it out", async () => {
    const base = { phoneNumberId: PHONE_ID, verifyToken: VERIFY_TOKEN, graphUrl: graph.url };
    expect((await t.http.get(`/whatsapp/${whatsapp.id}`, admin.token)).body.cloud).toMatchObject({ messagesPerSecond: 80 });
    expect(await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: { ...base, messagesPerSecond: 0 } }, admin.token)).toMatchObject({ status: 400, body: { field: "cloud.messagesPerSecond" } });
    expect((await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: { ...base, messagesPerSecond: 250 } }, admin.token)).status).toBe(200);
    expect((await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: base }, admin.token)).status).toBe(200);
    expect((await t.http.get(`/whatsapp/${whatsapp.id}`, admin.token)).body.cloud).toMatchObject({ messagesPerSecond: 250 });
    expect((await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: { ...base, messagesPerSecond: 80 } }, admin.token)).status).toBe(200);
  });

  it("answers Meta's verification handshake only with the right verify token", async () => {
    const ok = await fetch(`${t.url}/webhooks/whatsapp-cloud/${whatsapp.id}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const bad = await fetch(`${t.url}/webhooks/whatsapp-cloud/${whatsapp.id}?hub.mode=subscribe&hub.verify_token=wrong-token&hub.challenge=1158201444`);
    expect(bad.status).toBe(403);
    expect(await bad.text()).not.toContain("1158201444");
  });
});

describe("cloud webhook", () => {
  it("stores a signed text message once: contact with the profile name, pending ticket, message", async () => {
    const payload = inbound("5511988887777", "Maria Cloud", { type: "text", text: { body: "Oi, tudo bem?" } });
    const id = payload.entry[0].changes[0].value.messages[0].id;
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    const stored = await messageByExternalId(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: "Oi, tudo bem?", fromMe: false });
    const [contact] = await t.built.ctx.db.select().from(contacts).where(eq(contacts.id, stored[0].contactId!));
    expect(contact).toMatchObject({ name: "Maria Cloud", number: "5511988887777" });
    const [ticket] = await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, stored[0].ticketId));
    expect(ticket).toMatchObject({ status: "pending", whatsappId: whatsapp.id, unreadMessages: 1 });
  });

  it("refuses unsigned and mis-signed deliveries with 401 and stores nothing", async () => {
    const payload = inbound("5511977776666", "Intruso", { type: "text", text: { body: "forjada" } });
    const id = payload.entry[0].changes[0].value.messages[0].id;
    expect((await deliver(payload, null)).status).toBe(401);
    expect((await deliver(payload, sign(JSON.stringify(payload), "another-secret"))).status).toBe(401);
    // signed over other bytes than the ones sent
    expect((await deliver(payload, sign(JSON.stringify(payload, null, 2)))).status).toBe(401);
    expect(await messageByExternalId(id)).toHaveLength(0);
    expect(await t.built.ctx.db.select().from(contacts).where(eq(contacts.number, "5511977776666"))).toHaveLength(0);
  });

  it("downloads an inbound image through Graph into the media store", async () => {
    const payload = inbound("5511966665555", "Foto", { type: "image", image: { id: "MEDIA-IN-1", mime_type: "image/jpeg", sha256: "x", caption: "minha foto" } });
    expect((await deliver(payload)).status).toBe(200);
    const [stored] = await messageByExternalId(payload.entry[0].changes[0].value.messages[0].id);
    expect(stored).toMatchObject({ body: "minha foto", mediaType: "image" });
    expect(graph.seen.map((s) => [s.method, s.path, s.auth])).toEqual([
      ["GET", `/${VERSION}/MEDIA-IN-1`, `Bearer ${ACCESS_TOKEN}`],
      ["GET", "/whatsapp_business/attachments/", `Bearer ${ACCESS_TOKEN}`],
    ]);
    const file = await fetch(`${t.url}/media/messages/${stored.id}`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(IMAGE)).toBe(true);
  });

  it("maps locations, contacts and button replies to the message bodies the product shows", async () => {
    const from = "5511955554444";
    const cases = [
      [{ type: "location", location: { latitude: -23.55, longitude: -46.63, name: "Loja Centro" } }, "|https://maps.google.com/maps?q=-23.55%2C-46.63&z=17|Loja Centro", "locationMessage"],
      [{ type: "contacts", contacts: [{ name: { formatted_name: "João" }, phones: [{ phone: "+55 11 91234-5678", wa_id: "5511912345678" }] }] }, expect.stringContaining("FN:João"), "vcard"],
      [{ type: "interactive", interactive: { type: "button_reply", button_reply: { id: "b1", title: "Sim, quero" } } }, "Sim, quero", null],
      [{ type: "button", button: { text: "Falar com atendente", payload: "agent" } }, "Falar com atendente", null],
    ] as const;
    for (const [message, body, mediaType] of cases) {
      const payload = inbound(from, "Vários", message);
      expect((await deliver(payload)).status).toBe(200);
      const [stored] = await messageByExternalId(payload.entry[0].changes[0].value.messages[0].id);
      expect(stored).toMatchObject({ body, mediaType });
    }
  });
});

describe("cloud webhook, text the database cannot hold as it came", () => {
  it("stores a message with a NUL or half of a surrogate pair in its text and its sender's name once, shown normalised", async () => {
    const payload = inbound("5511933332222", "Ze\u0000ca \udc01", { type: "text", text: { body: "oi\u0000 😀 tudo\ud800" } });
    const id = payload.entry[0].changes[0].value.messages[0].id;
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    const location = inbound("5511933332222", "Zeca", { type: "location", location: { latitude: 1.5, longitude: 2.5, name: "Lo\u0000ja \ud800" } });
    expect((await deliver(location)).status).toBe(200);

    const stored = await messageByExternalId(id);
    expect(stored).toHaveLength(1);
    const list = await t.http.get(`/messages/${stored[0].ticketId}`, admin.token);
    expect(list.body.messages).toEqual([
      expect.objectContaining({ body: "oi 😀 tudo\ufffd", contact: expect.objectContaining({ name: "Zeca \ufffd" }) }),
      expect.objectContaining({ body: "|https://maps.google.com/maps?q=1.5%2C2.5&z=17|Loja \ufffd", mediaType: "locationMessage" }),
    ]);
  });

  it("answers 200 for a message that cannot be stored, kept once as a dead letter without the connection's secrets", async () => {
    const undo = await failMessagesContaining(t.built.ctx.db, "CLOUD-REFUSED");
    try {
      const payload = inbound("5511933331111", "Recusada", { type: "text", text: { body: "CLOUD-REFUSED agora" } });
      const id = payload.entry[0].changes[0].value.messages[0].id;
      expect((await deliver(payload)).status).toBe(200);
      expect((await deliver(payload)).status).toBe(200);
      expect(await messageByExternalId(id)).toHaveLength(0);
      const list = await t.http.get("/dead-letters", admin.token);
      const mine = list.body.deadLetters.filter((d: { externalId: string }) => d.externalId === id);
      expect(mine).toEqual([
        expect.objectContaining({
          whatsappId: whatsapp.id,
          channel: "cloud",
          errorCode: "P0001",
          payload: { contacts: [{ profile: { name: "Recusada" }, wa_id: "5511933331111" }], messages: [expect.objectContaining({ id, text: { body: "CLOUD-REFUSED agora" } })] },
        }),
      ]);
      for (const secret of [ACCESS_TOKEN, APP_SECRET]) expect(JSON.stringify(list.body)).not.toContain(secret);
    } finally {
      await undo();
    }
  });
});

describe("cloud outbound", () => {
  let ticketId: number;
  let customerMsg: { id: number; externalId: string };
  const number = "5511944443333";

  beforeAll(async () => {
    const payload = inbound(number, "Cliente Resposta", { type: "text", text: { body: "Preciso de ajuda" } });
    await deliver(payload);
    const [stored] = await messageByExternalId(payload.entry[0].changes[0].value.messages[0].id);
    customerMsg = stored;
    ticketId = stored.ticketId;
    expect((await t.http.put(`/tickets/${ticketId}`, { status: "open", userId: admin.user.id }, admin.token)).status).toBe(200);
  });

  const lastOutbound = async () => {
    const rows = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    return rows.sort((a, b) => a.id - b.id).at(-1)!;
  };

  it("sends the attendant's reply as Meta documents it, quoting with context.message_id, and moves acks", async () => {
    expect((await t.http.post(`/messages/${ticketId}`, { body: "Olá! Como posso ajudar?" }, admin.token)).status).toBe(200);
    const [plain] = graph.sends();
    expect(plain).toMatchObject({ auth: `Bearer ${ACCESS_TOKEN}`, contentType: "application/json" });
    expect(plain.json).toEqual({ messaging_product: "whatsapp", recipient_type: "individual", to: number, type: "text", text: { preview_url: false, body: "Olá! Como posso ajudar?" } });
    const sent = await lastOutbound();
    expect(sent).toMatchObject({ sendStatus: "sent", ack: 1, externalId: expect.stringMatching(/^wamid\.OUT/) });

    expect((await t.http.post(`/messages/${ticketId}`, { body: "Sobre isso:", quotedMsg: { id: customerMsg.id } }, admin.token)).status).toBe(200);
    expect(graph.sends()[1].json).toMatchObject({ type: "text", context: { message_id: customerMsg.externalId }, text: { body: "Sobre isso:" } });

    await deliver(statusUpdate(sent.externalId, "delivered"));
    expect((await messageByExternalId(sent.externalId))[0].ack).toBe(2);
    await deliver(statusUpdate(sent.externalId, "read"));
    expect((await messageByExternalId(sent.externalId))[0].ack).toBe(3);
    await deliver(statusUpdate(sent.externalId, "failed"));
    expect((await messageByExternalId(sent.externalId))[0].ack).toBe(3);
  });

  it("uploads a file to Graph and sends it by media id", async () => {
    const form = new FormData();
    form.append("body", "segue o comprovante");
    form.append("medias", new Blob([Buffer.from("%PDF-1.4 fake")], { type: "application/pdf" }), "comprovante.pdf");
    const res = await fetch(`${t.url}/messages/${ticketId}`, { method: "POST", headers: { authorization: `Bearer ${admin.token}` }, body: form });
    expect(res.status).toBe(200);
    expect(graph.seen.map((s) => [s.method, s.path])).toEqual([
      ["POST", `/${VERSION}/${PHONE_ID}/media`],
      ["POST", `/${VERSION}/${PHONE_ID}/messages`],
    ]);
    expect(graph.seen[0].raw.toString("latin1")).toContain("%PDF-1.4 fake");
    expect(graph.seen[1].json).toMatchObject({ to: number, type: "document", document: { id: expect.stringMatching(/^MEDIA-UP-/), caption: "segue o comprovante", filename: "comprovante.pdf" } });
    expect(await lastOutbound()).toMatchObject({ sendStatus: "sent", mediaType: "application" });
  });

  it("leaves a message refused by Graph (outside the 24-hour window, 131047) as failed", async () => {
    graph.failNext = 131047;
    expect((await t.http.post(`/messages/${ticketId}`, { body: "Ainda precisa de ajuda?" }, admin.token)).status).toBe(200);
    expect(graph.sends()).toHaveLength(1);
    expect(await lastOutbound()).toMatchObject({ body: "Ainda precisa de ajuda?", sendStatus: "failed", ack: 0 });
  });

  it("marks the customer's messages read on Graph when the attendant opens the ticket, and cannot delete", async () => {
    await deliver(inbound(number, "Cliente Resposta", { type: "text", text: { body: "mais uma coisa" } }));
    graph.seen = [];
    expect((await t.http.get(`/messages/${ticketId}`, admin.token)).status).toBe(200);
    const read = graph.seen.find((s) => s.json?.status === "read");
    expect(read?.json).toEqual({ messaging_product: "whatsapp", status: "read", message_id: expect.stringMatching(/^wamid\.IN/) });

    const sent = (
      await t.built.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.sendStatus, "sent")))
    )[0];
    expect(await t.http.del(`/messages/${sent.id}`, admin.token)).toMatchObject({ status: 400, body: { error: "ERR_DELETE_WAPP_MSG" } });
  });
});

describe("cloud inbound media, downloaded once when the webhook arrives", () => {
  it("stores the file before answering, so a repeated delivery and a later opening never ask Graph again", async () => {
    const bytes = Buffer.from("\xff\xd8\xff\xe0short-lived-media", "latin1");
    graph.media.set("MEDIA-IN-EXPIRES", bytes);
    graph.forgetDownloaded = true;
    try {
      const payload = inbound("5511922221111", "Foto Única", { type: "image", image: { id: "MEDIA-IN-EXPIRES", mime_type: "image/jpeg", sha256: "x" } });
      const id = payload.entry[0].changes[0].value.messages[0].id;
      expect((await deliver(payload)).status).toBe(200);
      expect(graph.media.has("MEDIA-IN-EXPIRES")).toBe(false); // Graph has forgotten it
      const downloads = () => graph.seen.filter((s) => s.path === `/${VERSION}/MEDIA-IN-EXPIRES` || s.path === "/whatsapp_business/attachments/").length;
      expect(downloads()).toBe(2);

      // Meta delivers the same message again: stored once, nothing asked of Graph
      expect((await deliver(payload)).status).toBe(200);
      expect(downloads()).toBe(2);
      const stored = await messageByExternalId(id);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ mediaType: "image" });

      const file = await fetch(`${t.url}/media/messages/${stored[0].id}`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
      expect(downloads()).toBe(2);
    } finally {
      graph.forgetDownloaded = false;
    }
  });

  it("answers 500 when the download fails, stores nothing, and stores the message once when Meta delivers it again", async () => {
    graph.media.set("MEDIA-IN-RETRY", IMAGE);
    graph.failDownloads = 1;
    const payload = inbound("5511922223333", "Foto Depois", { type: "image", image: { id: "MEDIA-IN-RETRY", mime_type: "image/jpeg", sha256: "x", caption: "de novo" } });
    const id = payload.entry[0].changes[0].value.messages[0].id;
    expect((await deliver(payload)).status).toBe(500);
    expect(await messageByExternalId(id)).toHaveLength(0);
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    const stored = await messageByExternalId(id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: "de novo", mediaType: "image" });
  });
});

describe("cloud throughput: Graph's rate limits and the pair rate", () => {
  let ticketId: number;
  const number = "5511911110000";

  beforeAll(async () => {
    const payload = inbound(number, "Cliente Ritmo", { type: "text", text: { body: "Olá" } });
    await deliver(payload);
    const [stored] = await messageByExternalId(payload.entry[0].changes[0].value.messages[0].id);
    ticketId = stored.ticketId;
    expect((await t.http.put(`/tickets/${ticketId}`, { status: "open", userId: admin.user.id }, admin.token)).status).toBe(200);
  });

  const rowOf = async (id: number) => (await t.built.ctx.db.select().from(messages).where(eq(messages.id, id)))[0];
  /** The attendant sends: answers the stored message as the send left it. */
  const send = async (toTicket: number, body: string) => {
    expect((await t.http.post(`/messages/${toTicket}`, { body }, admin.token)).status).toBe(200);
    const rows = await t.built.ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, toTicket), eq(messages.body, body)));
    return rows.sort((a, b) => a.id - b.id).at(-1)!;
  };

  it("keeps a message Graph turned back for throughput (130429) pending, then sends it once after the Retry-After", async () => {
    graph.failNext = 130429;
    graph.failNextRetryAfter = "1";
    const row = await send(ticketId, "Seu pedido saiu para entrega");
    expect(row).toMatchObject({ sendStatus: "pending", sendAttempts: 1 });
    expect(row.retryAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 500);

    // before its time nothing goes: not by the retry job, not by the sweep of messages a stop left pending
    expect(await retryDueSends(t.built.ctx)).toBe(0);
    await redeliverPending(t.built.ctx, 0);
    expect(graph.sends()).toHaveLength(1);

    // the retry lives in the database: what the job runs at its time (in this process or after a restart) sends it
    await new Promise((resolve) => setTimeout(resolve, row.retryAt!.getTime() - Date.now() + 50));
    expect(await retryDueSends(t.built.ctx)).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ sendStatus: "sent", ack: 1, sendAttempts: 0, retryAt: null, externalId: expect.stringMatching(/^wamid\.OUT/) });
    expect(graph.sends().map((s) => s.json.text.body)).toEqual(["Seu pedido saiu para entrega", "Seu pedido saiu para entrega"]);

    // sent once: nothing sends it again
    expect(await retryDueSends(t.built.ctx)).toBe(0);
    await redeliverPending(t.built.ctx, 0);
    expect(graph.sends()).toHaveLength(2);
  });

  it("backs off on the pair rate limit (131056) at least Meta's 6 seconds, and fails other errors as before", async () => {
    graph.failNext = 131056;
    const row = await send(ticketId, "Mais uma");
    expect(row).toMatchObject({ sendStatus: "pending", sendAttempts: 1 });
    expect(row.retryAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 5_000);
    // the customer's message is not lost: it goes at its time
    await t.built.ctx.db.update(messages).set({ retryAt: new Date() }).where(eq(messages.id, row.id));
    expect(await retryDueSends(t.built.ctx)).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ sendStatus: "sent" });

    graph.failNext = 131047;
    expect(await send(ticketId, "Fora da janela")).toMatchObject({ sendStatus: "failed", sendAttempts: 0, retryAt: null });
  });

  it("leaves a message failed after 10 sends in a row turned back, for an attendant to send again", async () => {
    graph.failNext = 130429;
    const row = await send(ticketId, "Insistente");
    expect(row).toMatchObject({ sendStatus: "pending", sendAttempts: 1 });
    // nine sends turned back already: the tenth gives up
    await t.built.ctx.db.update(messages).set({ sendAttempts: 9, retryAt: new Date() }).where(eq(messages.id, row.id));
    graph.failNext = 130429;
    expect(await retryDueSends(t.built.ctx)).toBe(1);
    expect(await rowOf(row.id)).toMatchObject({ sendStatus: "failed", sendAttempts: 0, retryAt: null });
    expect(await retryDueSends(t.built.ctx)).toBe(0);
    expect(graph.sends().filter((s) => s.json.text?.body === "Insistente")).toHaveLength(2);
  });

  it("paces the sends to one customer to the pair rate, without slowing the sends to others", async () => {
    const pacing = cloudPacing(t.built.ctx);
    const saved = { pairIntervalMs: pacing.pairIntervalMs, pairBurst: pacing.pairBurst, turn: pacing.turn };
    const interval = 1_000;
    Object.assign(pacing, { pairIntervalMs: interval, pairBurst: 2 });
    // when each send left the pacing for Graph, and how long it waited there, per customer
    const left = new Map<string, number[]>();
    const waited = new Map<string, number[]>();
    pacing.turn = async (connectionId, to, messagesPerSecond) => {
      const at = Date.now();
      await saved.turn.call(pacing, connectionId, to, messagesPerSecond);
      left.set(to, [...(left.get(to) ?? []), Date.now()]);
      waited.set(to, [...(waited.get(to) ?? []), Date.now() - at]);
    };
    try {
      const openTicket = async (from: string) => {
        const payload = inbound(from, "Cliente", { type: "text", text: { body: "Oi" } });
        await deliver(payload);
        const [msg] = await messageByExternalId(payload.entry[0].changes[0].value.messages[0].id);
        expect((await t.http.put(`/tickets/${msg.ticketId}`, { status: "open", userId: admin.user.id }, admin.token)).status).toBe(200);
        return msg.ticketId;
      };
      const pacedNumber = "5511911113333";
      const otherNumber = "5511911112222";
      const pacedTicket = await openTicket(pacedNumber);
      const otherTicket = await openTicket(otherNumber);
      graph.seen = [];

      const burst = Array.from({ length: 5 }, (_, i) => send(pacedTicket, `Parte ${i + 1}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await send(otherTicket, "Para outro cliente")).toMatchObject({ sendStatus: "sent" });
      const answers = await Promise.all(burst);
      expect(answers.map((a) => a.sendStatus)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
      expect(graph.sends().filter((s) => s.json.to === pacedNumber)).toHaveLength(5);

      // a burst of 2, then one a second: the fifth leaves at least 3 intervals after the first
      const times = left.get(pacedNumber)!;
      expect(times).toHaveLength(5);
      expect(times[4] - times[0]).toBeGreaterThanOrEqual(3 * interval - 20);
      // the other customer's message did not wait behind them (its wait is the number's 12.5 ms
      // spacing plus the timers' lateness on a busy machine, never a pair interval)
      expect(waited.get(otherNumber)).toEqual([expect.any(Number)]);
      expect(waited.get(otherNumber)![0]).toBeLessThan(interval);
    } finally {
      Object.assign(pacing, saved);
    }
  });
});

describe("cloud chatbot menus as interactive messages", () => {
  let owner: Awaited<ReturnType<typeof signUpCompany>>;
  let cloudId: number;
  let queues: { id: number; name: string }[];
  let seqN = 0;
  const customer = () => `55119333${String(Date.now()).slice(-3)}${String(seqN++).padStart(2, "0")}`;

  beforeAll(async () => {
    owner = await signUpCompany(t.http);
    queues = [];
    for (const [i, name] of ["Vendas", "Suporte técnico"].entries()) {
      const q = await t.http.post("/queue", { name, color: `#20${i}0${i}0`, greetingMessage: `Fila ${name}`, orderQueue: i + 1 }, owner.token);
      expect(q.status).toBe(201);
      queues.push(q.body);
    }
    // the company's own Cloud connection, pointed at the stand-in (only super users may choose a Graph URL)
    const created = await t.http.post(
      "/whatsapp",
      {
        name: "Cloud Bot",
        channel: "cloud",
        queueIds: queues.map((q) => q.id),
        greetingMessage: "Bem-vindo à Loja!",
        cloud: { phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
      },
      owner.token,
    );
    expect(created.status).toBe(201);
    cloudId = created.body.id;
    const [row] = await t.built.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, cloudId));
    await t.built.ctx.db
      .update(whatsapps)
      .set({ cloud: { ...row.cloud!, graphUrl: graph.url } })
      .where(eq(whatsapps.id, cloudId));
    const db = t.built.ctx.db;
    const base = { companyId: owner.company.id, queueId: queues[1].id };
    await db.insert(queueOptions).values([
      { ...base, option: "1", title: "Internet", message: "Sobre a internet:" },
      { ...base, option: "2", title: "Telefone fixo residencial e empresarial", message: "Ligue 0800." },
      { ...base, option: "3", title: "TV", message: "Sobre a TV:" },
      { ...base, option: "4", title: "Conta", message: "Sobre a conta:" },
    ]);
  });

  const customerTaps = async (from: string, message: Record<string, unknown>) => {
    const payload = inbound(from, "Cliente Menu", message);
    expect((await deliver(payload, "valid", cloudId)).status).toBe(200);
    return (
      await t.built.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, cloudId), eq(messages.externalId, payload.entry[0].changes[0].value.messages[0].id)))
    )[0];
  };
  const ticketOf = async (id: number) => (await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0];
  const lastStoredReply = async (ticketId: number) =>
    (
      await t.built.ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))
    )
      .sort((a, b) => a.id - b.id)
      .at(-1)!;

  it("sends the queue menu as reply buttons and the options as a list, and a tap advances the tree as the typed key", async () => {
    const from = customer();
    const first = await customerTaps(from, { type: "text", text: { body: "Oi" } });
    await expect.poll(() => graph.sends().length, { timeout: 5_000 }).toBe(1);
    expect(graph.sends()[0].json).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: from,
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "Bem-vindo à Loja!" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "menu:1", title: "Vendas" } },
            { type: "reply", reply: { id: "menu:2", title: "Suporte técnico" } },
          ],
        },
      },
    });
    // the conversation shows the menu as its text
    expect(await lastStoredReply(first.ticketId)).toMatchObject({ body: "Bem-vindo à Loja!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte técnico", sendStatus: "sent" });

    const tap = await customerTaps(from, { type: "interactive", interactive: { type: "button_reply", button_reply: { id: "menu:2", title: "Suporte técnico" } } });
    expect(tap.body).toBe("2");
    await expect.poll(async () => (await ticketOf(first.ticketId)).queueId, { timeout: 5_000 }).toBe(queues[1].id);
    await expect.poll(() => graph.sends().length, { timeout: 5_000 }).toBe(2);
    expect(graph.sends()[1].json.interactive).toEqual({
      type: "list",
      body: { text: "Fila Suporte técnico\n\n*[ # ]* - Voltar ao menu inicial" },
      action: {
        button: "Ver opções",
        sections: [
          {
            title: "Opções",
            rows: [
              { id: "menu:1", title: "Internet" },
              { id: "menu:2", title: "Telefone fixo residenci…", description: "Telefone fixo residencial e empresarial" },
              { id: "menu:3", title: "TV" },
              { id: "menu:4", title: "Conta" },
            ],
          },
        ],
      },
    });
    expect(await lastStoredReply(first.ticketId)).toMatchObject({ body: expect.stringContaining("*[ 2 ]* - Telefone fixo residencial e empresarial") });

    await customerTaps(from, { type: "interactive", interactive: { type: "list_reply", list_reply: { id: "menu:3", title: "TV", description: "" } } });
    const [tv] = await t.built.ctx.db
      .select()
      .from(queueOptions)
      .where(and(eq(queueOptions.queueId, queues[1].id), eq(queueOptions.option, "3")));
    await expect.poll(async () => (await ticketOf(first.ticketId)).queueOptionId, { timeout: 5_000 }).toBe(tv.id);
    await expect.poll(() => graph.sends().length, { timeout: 5_000 }).toBe(3);
    // a leaf: its message as text, and the attendants take over
    expect(graph.sends()[2].json).toMatchObject({ type: "text", text: { body: "Sobre a TV:" } });
    expect(await ticketOf(first.ticketId)).toMatchObject({ chatbot: false });
  });

  it("reads a template quick-reply tap (legacy button) carrying a menu key as that key", async () => {
    const from = customer();
    const first = await customerTaps(from, { type: "text", text: { body: "Bom dia" } });
    const tap = await customerTaps(from, { type: "button", button: { text: "Vendas", payload: "menu:1" } });
    expect(tap.body).toBe("1");
    await expect.poll(async () => (await ticketOf(first.ticketId)).queueId, { timeout: 5_000 }).toBe(queues[0].id);
  });

  it("sends a menu of more than 10 options as text, and sends menus as text on the sandbox", async () => {
    const db = t.built.ctx.db;
    const many = await t.http.post("/queue", { name: "Muitas", color: "#303030", greetingMessage: "Escolha:", orderQueue: 3 }, owner.token);
    expect(many.status).toBe(201);
    await db.insert(queueOptions).values(Array.from({ length: 11 }, (_, i) => ({ companyId: owner.company.id, queueId: many.body.id, option: String(i + 1), title: `Opção ${i + 1}`, message: `Opção ${i + 1}.` })));
    expect((await t.http.put(`/whatsapp/${cloudId}`, { name: "Cloud Bot", queueIds: [...queues.map((q) => q.id), many.body.id] }, owner.token)).status).toBe(200);
    const from = customer();
    await customerTaps(from, { type: "text", text: { body: "Oi" } });
    await customerTaps(from, { type: "interactive", interactive: { type: "list_reply", list_reply: { id: "menu:3", title: "Muitas" } } });
    await expect.poll(() => graph.sends().filter((s) => s.json.to === from).length, { timeout: 5_000 }).toBe(2);
    const [menu, options] = graph.sends().filter((s) => s.json.to === from);
    // three queues: still buttons
    expect(menu.json).toMatchObject({ type: "interactive", interactive: { type: "button", action: { buttons: [{}, {}, { reply: { id: "menu:3", title: "Muitas" } }] } } });
    expect(options.json).toMatchObject({ type: "text", text: { body: expect.stringContaining("*[ 11 ]* - Opção 11") } });

    const sandbox = await pairedSandbox(t.http, owner.token, "Sandbox Menu");
    expect((await t.http.put(`/whatsapp/${sandbox.id}`, { name: sandbox.name, queueIds: queues.map((q) => q.id), greetingMessage: "Bem-vindo à Loja!" }, owner.token)).status).toBe(200);
    await customerSays(t.http, sandbox, "5511944440000", "Oi");
    const outbound = await t.http.get(`/sandbox/${sandbox.id}/outbound?number=5511944440000`, sandbox.token);
    expect(outbound.body.map((m: { body: string }) => m.body)).toEqual(["Bem-vindo à Loja!\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte técnico"]);
  });
});

describe("cloud retries with the job runner", () => {
  let jobs: TestApp;
  let conn: { id: number };
  let token: string;
  let userId: number;

  beforeAll(async () => {
    jobs = await startTestApp({ build: { jobs: true } });
    ({
      token,
      user: { id: userId },
    } = await jobs.http.login(ADMIN.email, ADMIN.password));
    const created = await jobs.http.post(
      "/whatsapp",
      { name: "Cloud Jobs", channel: "cloud", cloud: { phoneNumberId: PHONE_ID, accessToken: ACCESS_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, graphUrl: graph.url } },
      token,
    );
    expect(created.status).toBe(201);
    conn = created.body;
  });
  afterAll(async () => jobs?.close());

  it("sends a message Graph turned back at its time, on its own, once", async () => {
    const payload = inbound("5511955550000", "Cliente Fila", { type: "text", text: { body: "Oi" } });
    const raw = JSON.stringify(payload);
    const res = await fetch(`${jobs.url}/webhooks/whatsapp-cloud/${conn.id}`, { method: "POST", headers: { "content-type": "application/json", "x-hub-signature-256": sign(raw) }, body: raw });
    expect(res.status).toBe(200);
    const db = jobs.built.ctx.db;
    const [customerMsg] = await db.select().from(messages).where(eq(messages.externalId, payload.entry[0].changes[0].value.messages[0].id));
    expect((await jobs.http.put(`/tickets/${customerMsg.ticketId}`, { status: "open", userId }, token)).status).toBe(200);
    graph.seen = [];
    graph.failNext = 130429;
    graph.failNextRetryAfter = "1";
    expect((await jobs.http.post(`/messages/${customerMsg.ticketId}`, { body: "Volto já" }, token)).status).toBe(200);
    const sent = async () =>
      (
        await db
          .select()
          .from(messages)
          .where(and(eq(messages.ticketId, customerMsg.ticketId), eq(messages.body, "Volto já")))
      )[0];
    expect(await sent()).toMatchObject({ sendStatus: "pending" });
    await expect.poll(async () => (await sent()).sendStatus, { timeout: 15_000, interval: 250 }).toBe("sent");
    expect(graph.sends().filter((s) => s.json.text?.body === "Volto já")).toHaveLength(2); // the one turned back, the one taken
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(graph.sends().filter((s) => s.json.text?.body === "Volto já")).toHaveLength(2);
  });
});
