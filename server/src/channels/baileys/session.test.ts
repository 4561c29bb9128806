import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { initAuthCreds, proto, type AuthenticationCreds } from "baileys";
import { ADMIN, startTestApp, unique, type TestApp } from "../../test/harness";
import { channelAuthEntries, whatsapps } from "../../db/schema";
import { ChannelManager } from "../manager";
import { BaileysAdapter } from "./adapter";
import { BaileysAuthStore } from "./authState";
import { createBaileysConnection, FakeWhatsApp, pairSocket } from "./fakeSocket";
import { OUR_JID } from "./fixtures";
import { defaultBaileysOptions, reconnectDelay } from "./socket";

let t: TestApp;
let admin: { token: string };

const QR = "2@y8Q3b2kX0fQwJ1dQv6Jm3m9kq0ZrZbYt4hQ2oQ1sLk=,Lr0tZq3cV2h7b8zWcC6mK3J0x1Qw9bQ8f3lJr2yS1mE=,3oJ8Xy1n0Wq5Z2aV7c9b6m4k1j0h8g5f3d2s1a0p9o=,Zm9vYmFy";

const show = async (id: number) => (await t.http.get(`/whatsapp/${id}`, admin.token)).body;
const authRows = (id: number) => t.built.ctx.db.select().from(channelAuthEntries).where(eq(channelAuthEntries.whatsappId, id));

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.http.login(ADMIN.email, ADMIN.password);
});
afterAll(async () => t?.close());

describe("baileys session lifecycle", () => {
  it("shows the QR code, connects with the phone's number, and reconnects with growing waits", async () => {
    const fake = new FakeWhatsApp();
    const { whatsapp, adapter, socket } = await createBaileysConnection(t, admin.token, fake, unique("Web "));
    expect(await show(whatsapp.id)).toMatchObject({ channel: "baileys", status: "DISCONNECTED" });

    socket.emit("connection.update", { connection: "connecting", qr: QR });
    await adapter.idle();
    expect(await show(whatsapp.id)).toMatchObject({ status: "qrcode", qrcode: QR });

    await pairSocket(adapter, socket, OUR_JID);
    expect(await show(whatsapp.id)).toMatchObject({ status: "CONNECTED", qrcode: "", number: "5511940001234" });
    expect((await authRows(whatsapp.id)).map((r) => r.key)).toContain("creds");

    // the network drops: OPENING, then new sockets after 1 s, 2 s, 4 s…
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      fake.last.drop(428, "Connection Closed");
      await adapter.idle();
      expect(await show(whatsapp.id)).toMatchObject({ status: "OPENING" });
      const before = fake.sockets.length;
      waits.push(...fake.fireTimers());
      await adapter.idle();
      expect(fake.sockets.length).toBe(before + 1);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000]);
    expect([5, 6, 7, 20].map(reconnectDelay)).toEqual([32_000, 60_000, 60_000, 60_000]);
    // the saved session is what the new socket logs in with
    expect((fake.last.config.auth!.creds as AuthenticationCreds).me?.id).toBe(OUR_JID);

    // a successful open starts the waits over
    fake.last.open(OUR_JID);
    await adapter.idle();
    expect(await show(whatsapp.id)).toMatchObject({ status: "CONNECTED" });
    fake.last.drop(408, "Connection Lost");
    await adapter.idle();
    expect(fake.pendingTimers().map((x) => x.ms)).toEqual([1_000]);

    // closing the adapter (shutdown) cancels the pending reconnection and keeps the session
    const made = fake.sockets.length;
    await t.built.ctx.channels.forget(whatsapp.id);
    expect(fake.pendingTimers()).toEqual([]);
    expect(fake.sockets).toHaveLength(made);
    expect(fake.sockets.some((s) => s.loggedOut)).toBe(false);
    expect((await authRows(whatsapp.id)).length).toBeGreaterThan(0);
    const [row] = await t.built.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
    expect(row.sessionOwner).toBeNull(); // released for whichever process starts next
  });

  it("forgets the session when the phone logs it out", async () => {
    const fake = new FakeWhatsApp();
    const { whatsapp, adapter, socket } = await createBaileysConnection(t, admin.token, fake, unique("Web "));
    await pairSocket(adapter, socket, OUR_JID);
    expect((await authRows(whatsapp.id)).length).toBeGreaterThan(0);

    socket.drop(401, "Connection Failure");
    await adapter.idle();
    expect(await authRows(whatsapp.id)).toEqual([]);
    expect(await show(whatsapp.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect(fake.pendingTimers()).toEqual([]);
    expect(fake.sockets).toHaveLength(1);
    const [row] = await t.built.ctx.db.select().from(whatsapps).where(eq(whatsapps.id, whatsapp.id));
    expect(row.sessionOwner).toBeNull(); // the lease goes with the session

    // starting again shows a new QR code on a fresh session
    expect((await t.http.post(`/whatsappsession/${whatsapp.id}`, {}, admin.token)).status).toBe(200);
    expect(fake.sockets).toHaveLength(2);
    expect((fake.last.config.auth!.creds as AuthenticationCreds).me).toBeUndefined();
  });

  it("stops offering QR codes nobody scans, instead of retrying for ever", async () => {
    const fake = new FakeWhatsApp();
    const { whatsapp, adapter, socket } = await createBaileysConnection(t, admin.token, fake, unique("Web "));
    socket.emit("connection.update", { qr: QR });
    socket.drop(408, "QR refs attempts ended");
    await adapter.idle();
    expect(await show(whatsapp.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect(fake.pendingTimers()).toEqual([]);

    // without a network the socket fails before any QR code (Baileys says 408 too): that is retried
    expect((await t.http.post(`/whatsappsession/${whatsapp.id}`, {}, admin.token)).status).toBe(200);
    fake.last.drop(408, "WebSocket Error (getaddrinfo ENOTFOUND web.whatsapp.com)");
    await adapter.idle();
    expect(await show(whatsapp.id)).toMatchObject({ status: "OPENING" });
    expect(fake.pendingTimers().map((x) => x.ms)).toEqual([1_000]);
    await t.built.ctx.channels.forget(whatsapp.id);
  });

  it("logs the phone out on disconnect, and restarts the socket for a new QR code", async () => {
    const fake = new FakeWhatsApp();
    const { whatsapp, adapter, socket } = await createBaileysConnection(t, admin.token, fake, unique("Web "));
    await pairSocket(adapter, socket, OUR_JID);

    expect((await t.http.put(`/whatsappsession/${whatsapp.id}`, {}, admin.token)).status).toBe(200);
    expect(socket).toMatchObject({ ended: true, loggedOut: false });
    expect(fake.sockets).toHaveLength(2);

    expect((await t.http.del(`/whatsappsession/${whatsapp.id}`, admin.token)).status).toBe(200);
    expect(fake.last.loggedOut).toBe(true);
    expect(await authRows(whatsapp.id)).toEqual([]);
    expect(await show(whatsapp.id)).toMatchObject({ status: "DISCONNECTED", qrcode: "" });
    expect(fake.pendingTimers()).toEqual([]);
  });
});

describe("baileys with the real socket", () => {
  it("starts Baileys' own socket on the database-backed session and reports what became of it", async () => {
    t.built.ctx.channels.baileys = defaultBaileysOptions;
    const created = await t.http.post("/whatsapp", { name: unique("Real "), channel: "baileys" }, admin.token);
    expect(created.status).toBe(201);
    // this machine cannot reach WhatsApp: the socket fails and waits to retry; with a network it shows a QR code
    const end = Date.now() + 10_000;
    let status = "";
    while (Date.now() < end && !["OPENING", "qrcode"].includes(status)) {
      await new Promise((r) => setTimeout(r, 100));
      status = (await show(created.body.id)).status;
    }
    expect(["OPENING", "qrcode"]).toContain(status);
    await t.built.ctx.channels.forget(created.body.id);
  });
});

describe("baileys saved session", () => {
  it("keeps credentials and keys sealed in the database, and reads them back equal", async () => {
    const fake = new FakeWhatsApp();
    const { whatsapp, adapter, socket } = await createBaileysConnection(t, admin.token, fake, unique("Web "));
    const creds = { ...initAuthCreds(), me: { id: OUR_JID, name: "Loja Centro" }, registered: true };
    socket.emit("creds.update", creds);
    await adapter.idle();

    const store = new BaileysAuthStore(t.built.ctx.db, t.config.dataDir, whatsapp);
    const back = await store.readCreds();
    expect(back).toEqual(creds);
    expect(Buffer.isBuffer(back!.noiseKey.private)).toBe(true);

    const session = Buffer.from("0a2105b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1", "hex");
    const syncKey = proto.Message.AppStateSyncKeyData.fromObject({ keyData: Buffer.from("00112233445566778899aabbccddeeff", "hex"), timestamp: 1_718_000_000 });
    await store.setKeys({ "pre-key": { "1": creds.signedPreKey.keyPair, "2": creds.signedIdentityKey }, session: { [`${"5511987654321"}.0`]: session }, "app-state-sync-key": { AAAAAEn3: syncKey } });
    expect(await store.getKeys("pre-key", ["1", "2", "3"])).toEqual({ "1": creds.signedPreKey.keyPair, "2": creds.signedIdentityKey });
    expect(Buffer.from((await store.getKeys("session", ["5511987654321.0"]))["5511987654321.0"]).equals(session)).toBe(true);
    const sync = (await store.getKeys("app-state-sync-key", ["AAAAAEn3"])).AAAAAEn3;
    expect(sync).toBeInstanceOf(proto.Message.AppStateSyncKeyData);
    expect(Buffer.from(sync.keyData!).equals(Buffer.from(syncKey.keyData!))).toBe(true);
    await store.setKeys({ "pre-key": { "1": null } });
    expect(Object.keys(await store.getKeys("pre-key", ["1", "2"]))).toEqual(["2"]);

    // nothing in the table reads as the session it holds
    const rows = await authRows(whatsapp.id);
    expect(rows.map((r) => r.key).sort()).toEqual(["app-state-sync-key-AAAAAEn3", "creds", "pre-key-2", "session-5511987654321.0"]);
    for (const row of rows) {
      expect(row.value.startsWith("gcm1:")).toBe(true);
      expect(row.value).not.toContain("noiseKey");
      expect(row.value).not.toContain(Buffer.from(creds.noiseKey.private).toString("base64"));
      expect(row.value).not.toContain(OUR_JID);
      expect(row.companyId).toBe(whatsapp.companyId);
    }

    // a new adapter (a restarted server) starts its socket with the same credentials
    await t.built.ctx.channels.forget(whatsapp.id);
    const fresh = t.built.ctx.channels.adapterFor({ ...whatsapp, channel: "baileys" });
    expect(fresh).not.toBe(adapter);
    expect(fresh).toBeInstanceOf(BaileysAdapter);
    await fresh.connect();
    expect(fake.last.config.auth!.creds).toEqual(creds);
    const viaSocket = await fake.last.config.auth!.keys.get("pre-key", ["2"]);
    expect(viaSocket).toEqual({ "2": creds.signedIdentityKey });
    await t.built.ctx.channels.forget(whatsapp.id);
  });

  it("resumes paired sessions when the server starts, and only those", async () => {
    const fake = new FakeWhatsApp();
    const paired = await createBaileysConnection(t, admin.token, fake, unique("Web "));
    await pairSocket(paired.adapter, paired.socket, OUR_JID);
    const halfway = await createBaileysConnection(t, admin.token, fake, unique("Web "));
    halfway.socket.emit("creds.update", initAuthCreds()); // creds saved during pairing, no account yet
    await halfway.adapter.idle();
    expect((await authRows(halfway.whatsapp.id)).length).toBe(1);
    await t.built.ctx.channels.forget(paired.whatsapp.id);
    await t.built.ctx.channels.forget(halfway.whatsapp.id);

    // a second server process on the same database starts
    const manager = new ChannelManager(t.built.ctx, { baileys: fake.options });
    const owners = async () => {
      const rows = await t.built.ctx.db.select({ id: whatsapps.id, owner: whatsapps.sessionOwner }).from(whatsapps).where(eq(whatsapps.channel, "baileys"));
      return new Map(rows.map((r) => [r.id, r.owner]));
    };
    const before = fake.sockets.length;
    await manager.resumeSessions();
    const running = [...(await owners()).values()].filter((owner) => owner === manager.lease.owner).length;
    expect((await owners()).get(paired.whatsapp.id)).toBe(manager.lease.owner);
    expect((await owners()).get(halfway.whatsapp.id)).toBeNull();
    expect(fake.sockets.length - before).toBe(running); // one socket per resumed session
    for (const socket of fake.sockets.slice(before)) expect((socket.config.auth!.creds as AuthenticationCreds).me?.id).toBe(OUR_JID);

    await manager.closeAll();
    expect([...(await owners()).values()].filter((owner) => owner === manager.lease.owner)).toEqual([]); // released on shutdown
  });
});
