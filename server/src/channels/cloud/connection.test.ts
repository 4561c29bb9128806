// Cloud API connections: settings, Meta's handshake and signed webhook deliveries.
import fs from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, unique, type TestApp } from "../../test/harness";
import { contacts, tickets, whatsapps } from "../../db/schema";
import { failMessagesContaining } from "../../test/failingInserts";
import type { CloudGraphStandIn } from "../../test/standins/cloudGraph";
import { CLOUD, IMAGE, inbound, signDelivery, useCloudConnection, type CloudConnection } from "../../test/cloudConnection";

const cloud = useCloudConnection();
const { deliver, messageByExternalId } = cloud;
let t: TestApp;
let graph: CloudGraphStandIn;
let admin: CloudConnection["admin"];
let whatsapp: CloudConnection["whatsapp"];
beforeAll(() => ({ t, graph, admin, whatsapp } = cloud));

describe("cloud connection settings", () => {
  it("connects after Graph confirms the number, and never shows or stores the secrets in clear", async () => {
    const shown = await t.http.get(`/whatsapp/${whatsapp.id}`, admin.token);
    expect(shown.body).toMatchObject({
      channel: "cloud",
      status: "CONNECTED",
      number: "551140000000",
      cloud: { phoneNumberId: CLOUD.phoneNumberId, accessToken: "", appSecret: "", verifyToken: CLOUD.verifyToken, apiVersion: CLOUD.version },
    });
    const [row] = await t.built.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
    expect(JSON.stringify(row.cloud)).not.toContain(CLOUD.accessToken);
    expect(JSON.stringify(row.cloud)).not.toContain(CLOUD.appSecret);
    expect((await fs.stat(path.join(t.config.dataDir, "channel.key"))).mode & 0o077).toBe(0);

    // an edit that leaves the secrets out keeps them: the session check still authenticates
    const edited = await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: { phoneNumberId: CLOUD.phoneNumberId, verifyToken: CLOUD.verifyToken, graphUrl: graph.url } }, admin.token);
    expect(edited.status).toBe(200);
    expect((await t.http.post(`/whatsappsession/${whatsapp.id}`, {}, admin.token)).status).toBe(200);
    expect(graph.seen.at(-1)).toMatchObject({ method: "GET", path: `/${CLOUD.version}/${CLOUD.phoneNumberId}`, auth: `Bearer ${CLOUD.accessToken}` });
  });

  it("requires the settings for the cloud channel, and lets only super users choose another Graph URL", async () => {
    const owner = await signUpCompany(t.http);
    const base = { phoneNumberId: CLOUD.phoneNumberId, accessToken: "x".repeat(20), appSecret: "s".repeat(20), verifyToken: CLOUD.verifyToken };
    expect(await t.http.post("/whatsapp", { name: unique("C"), channel: "cloud" }, owner.token)).toMatchObject({ status: 400, body: { field: "cloud" } });
    expect(await t.http.post("/whatsapp", { name: unique("C"), channel: "cloud", cloud: { ...base, appSecret: "" } }, owner.token)).toMatchObject({ status: 400, body: { field: "cloud.appSecret" } });
    expect(await t.http.post("/whatsapp", { name: unique("C"), channel: "cloud", cloud: { ...base, phoneNumberId: "abc" } }, owner.token)).toMatchObject({ status: 400, body: { field: "cloud.phoneNumberId" } });
    expect(await t.http.post("/whatsapp", { name: unique("C"), channel: "cloud", cloud: { ...base, graphUrl: "http://127.0.0.1:1" } }, owner.token)).toMatchObject({ status: 400, body: { field: "cloud.graphUrl" } });
  });

  it("keeps the number's messages per second (Meta's 80 by default), also through an edit that leaves it out", async () => {
    const base = { phoneNumberId: CLOUD.phoneNumberId, verifyToken: CLOUD.verifyToken, graphUrl: graph.url };
    expect((await t.http.get(`/whatsapp/${whatsapp.id}`, admin.token)).body.cloud).toMatchObject({ messagesPerSecond: 80 });
    expect(await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: { ...base, messagesPerSecond: 0 } }, admin.token)).toMatchObject({ status: 400, body: { field: "cloud.messagesPerSecond" } });
    expect((await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: { ...base, messagesPerSecond: 250 } }, admin.token)).status).toBe(200);
    expect((await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: base }, admin.token)).status).toBe(200);
    expect((await t.http.get(`/whatsapp/${whatsapp.id}`, admin.token)).body.cloud).toMatchObject({ messagesPerSecond: 250 });
    expect((await t.http.put(`/whatsapp/${whatsapp.id}`, { cloud: { ...base, messagesPerSecond: 80 } }, admin.token)).status).toBe(200);
  });

  it("answers Meta's verification handshake only with the right verify token", async () => {
    const ok = await fetch(`${t.url}/webhooks/whatsapp-cloud/${whatsapp.id}?hub.mode=subscribe&hub.verify_token=${CLOUD.verifyToken}&hub.challenge=1158201444`);
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
    expect((await deliver(payload, signDelivery(JSON.stringify(payload), "another-secret"))).status).toBe(401);
    // signed over other bytes than the ones sent
    expect((await deliver(payload, signDelivery(JSON.stringify(payload, null, 2)))).status).toBe(401);
    expect(await messageByExternalId(id)).toHaveLength(0);
    expect(await t.built.ctx.db.select().from(contacts).where(eq(contacts.number, "5511977776666"))).toHaveLength(0);
  });

  it("downloads an inbound image through Graph into the media store", async () => {
    const payload = inbound("5511966665555", "Foto", { type: "image", image: { id: "MEDIA-IN-1", mime_type: "image/jpeg", sha256: "x", caption: "minha foto" } });
    expect((await deliver(payload)).status).toBe(200);
    const [stored] = await messageByExternalId(payload.entry[0].changes[0].value.messages[0].id);
    expect(stored).toMatchObject({ body: "minha foto", mediaType: "image" });
    expect(graph.seen.map((s) => [s.method, s.path, s.auth])).toEqual([
      ["GET", `/${CLOUD.version}/MEDIA-IN-1`, `Bearer ${CLOUD.accessToken}`],
      ["GET", "/whatsapp_business/attachments/", `Bearer ${CLOUD.accessToken}`],
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
      for (const secret of [CLOUD.accessToken, CLOUD.appSecret]) expect(JSON.stringify(list.body)).not.toContain(secret);
    } finally {
      await undo();
    }
  });
});
