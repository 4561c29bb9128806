import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { initAuthCreds } from "baileys";
import { Redis } from "ioredis";
import type { Socket } from "socket.io-client";
import { connectSocket, freshDatabaseUrl, signUpCompany, unique, type Http } from "../test/harness";
import { killAll, reachable, sentByFakes, startServerProcess, type Cluster, type ServerProcess } from "../test/processes";
import { openDatabase, type Database } from "../db/client";
import { messages, whatsapps } from "../db/schema";
import { BaileysAuthStore } from "./baileys/authState";
import { OUR_JID } from "./baileys/fixtures";

/**
 * Two real server processes on one PostgreSQL and one Redis, each with a fake WhatsApp Web
 * (server/src/test/processFakes.ts): whichever process a request lands on, a session's work is
 * done by the process holding it, and a killed holder's session moves to the other.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await reachable(REDIS_URL);
if (!redisUp && process.env.REQUIRE_REDIS) throw new Error(`REQUIRE_REDIS is set but Redis is not reachable at ${REDIS_URL}`);
const LEASE_MS = 2_000;

let cluster: Cluster;
let dropDatabase: (() => Promise<void>) | undefined;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
const sockets: Socket[] = [];

const until = async <T>(what: string, check: () => Promise<T | false | null | undefined>, ms = 8_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n--- A ---\n${a?.output()}\n--- B ---\n${b?.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const ownerOf = async (id: number) => (await database.db.select({ owner: whatsapps.sessionOwner }).from(whatsapps).where(eq(whatsapps.id, id)))[0]?.owner ?? "";
const ownedBy = (owner: string, p: ServerProcess) => owner.includes(`-${p.pid}-`);
const showOn = async (http: Http, id: number, token: string) => (await http.get(`/whatsapp/${id}`, token)).body;

/** Every `appMessage` event a socket receives, in order. */
function recordMessages(socket: Socket, companyId: number) {
  const seen: { action: string; id: number; body: string; sendStatus: string }[] = [];
  socket.on(`company-${companyId}-appMessage`, (e: { action: string; message: { id: number; body: string; sendStatus: string } }) =>
    seen.push({ action: e.action, id: e.message.id, body: e.message.body, sendStatus: e.message.sendStatus }),
  );
  return seen;
}

beforeAll(async () => {
  if (!process.env.DATABASE_URL || !redisUp) return;
  const db = await freshDatabaseUrl();
  dropDatabase = db.drop;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-procs-"));
  cluster = { databaseUrl: db.url!, redisUrl: REDIS_URL, dataDir, whatsappLog: path.join(dataDir, "whatsapp-sent.jsonl"), leaseMs: LEASE_MS };
  [a, b] = await Promise.all([startServerProcess(cluster, "A"), startServerProcess(cluster, "B")]);
  database = await openDatabase({ url: cluster.databaseUrl });
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await killAll();
  await database?.close();
  await dropDatabase?.();
  if (cluster) await fs.rm(cluster.dataDir, { recursive: true, force: true });
});

describe.skipIf(!process.env.DATABASE_URL || !redisUp)("a WhatsApp Web session used from two server processes", () => {
  it("is reached from either process, and moves to the survivor when its holder is killed", async () => {
    const owner = await signUpCompany(a.http);
    const cid = owner.company.id;
    await a.http.put("/settings/sendMsgTransfTicket", { value: "enabled" }, owner.token);
    const queue = (await a.http.post("/queue", { name: "Vendas", color: "#0a0" }, owner.token)).body;

    // both connections start on B, which then holds their sessions
    const web = (await b.http.post("/whatsapp", { name: unique("Web "), channel: "baileys" }, owner.token)).body;
    const pairing = (await b.http.post("/whatsapp", { name: unique("Pairing "), channel: "baileys" }, owner.token)).body;
    expect(ownedBy(await ownerOf(web.id), b)).toBe(true);
    const firstQr = await until("B's QR code", async () => (await showOn(a.http, pairing.id, owner.token)).qrcode as string);
    expect(firstQr).toBe(`fake-qr:${b.pid}:2`);

    // the phone pairs `web`; B starts it again with the saved session, and it opens
    const creds = { ...initAuthCreds(), me: { id: OUR_JID, name: "Loja Centro" }, registered: true };
    await new BaileysAuthStore(database.db, cluster.dataDir, { id: web.id, companyId: cid }).writeCreds(creds);
    expect((await b.http.post(`/whatsappsession/${web.id}`, {}, owner.token)).status).toBe(200);
    await until("web connected", async () => (await showOn(a.http, web.id, owner.token)).status === "CONNECTED");

    // attendants on both processes
    const onA = await connectSocket(a.url, owner.token);
    const onB = await connectSocket(b.url, owner.token);
    sockets.push(onA, onB);
    const seenOnA = recordMessages(onA, cid);
    const seenOnB = recordMessages(onB, cid);
    const qrOnA = new Promise<string>((resolve) => onA.on(`company-${cid}-whatsappSession`, (e) => e.session?.id === pairing.id && e.session.qrcode && resolve(e.session.qrcode)));

    // a QR request made on A reaches B's session: B's fake shows the next code, and A's attendants see it
    expect((await a.http.put(`/whatsappsession/${pairing.id}`, {}, owner.token)).body).toEqual({ message: "Starting session." });
    const nextQr = await until("a new QR code", async () => {
      const qr = (await showOn(a.http, pairing.id, owner.token)).qrcode as string;
      return qr !== firstQr && qr;
    });
    expect(nextQr).toMatch(new RegExp(`^fake-qr:${b.pid}:`));
    expect(await qrOnA).toBe(nextQr);

    // a contact checked on B's socket, an attendant's reply and a transfer's automatic notice, all made on A
    const contact = await a.http.post("/contacts", { name: "Cliente Ana", number: "5511977770001" }, owner.token);
    expect(contact.status).toBe(201);
    const ticket = (await a.http.post("/tickets", { contactId: contact.body.id, whatsappId: web.id, status: "open", userId: owner.user.id }, owner.token)).body;
    expect((await a.http.post(`/messages/${ticket.id}`, { body: "Resposta pelo A" }, owner.token)).status).toBe(200);
    expect((await a.http.put(`/tickets/${ticket.id}`, { queueId: queue.id }, owner.token)).status).toBe(200);
    const sent = () => sentByFakes(cluster);
    await until("B sent both", async () => sent().length >= 2);
    expect(sent().map((m) => [m.pid, m.text])).toEqual([
      [b.pid, "Resposta pelo A"],
      [b.pid, expect.stringContaining("transferido para o departamento *Vendas*")],
    ]);

    // B is killed: a reply made meanwhile waits, and A takes the session over once B's lease lapses
    const holderB = await ownerOf(web.id);
    const killedAt = Date.now();
    await b.kill();
    const redis = new Redis(REDIS_URL);
    try {
      // Redis notices B's closed connection: nobody listens on B's channel any more
      await until("B gone from Redis", async () => (await redis.pubsub("NUMSUB", `balcao:sessions:${holderB}`))[1] === 0);
    } finally {
      redis.disconnect();
    }
    expect((await a.http.post(`/messages/${ticket.id}`, { body: "Durante a troca" }, owner.token)).status).toBe(200);
    const [waiting] = await database.db.select().from(messages).where(eq(messages.body, "Durante a troca"));
    expect(waiting.sendStatus).toBe("pending");
    await until("A holds the session", async () => ownedBy(await ownerOf(web.id), a), LEASE_MS * 3);
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS * 2);
    await until("the waiting reply sent", async () => sent().some((m) => m.text === "Durante a troca"));
    expect((await a.http.post(`/messages/${ticket.id}`, { body: "Depois da troca" }, owner.token)).status).toBe(200);
    await until("A sent the last reply", async () => sent().some((m) => m.text === "Depois da troca"));

    // each message went out once, from the process holding the session at the time
    expect(sent().map((m) => [m.pid, m.text])).toEqual([
      [b.pid, "Resposta pelo A"],
      [b.pid, expect.stringContaining("transferido para o departamento *Vendas*")],
      [a.pid, "Durante a troca"],
      [a.pid, "Depois da troca"],
    ]);
    const stored = (await database.db.select().from(messages).where(eq(messages.ticketId, ticket.id))).sort((x, y) => x.id - y.id);
    expect(stored.filter((m) => m.fromMe).map((m) => m.sendStatus)).toEqual(["sent", "sent", "sent", "sent"]);

    // attendants saw each message created once and each of its changes once, on either process
    await new Promise((r) => setTimeout(r, 300));
    const once = (seen: typeof seenOnA) => {
      const keys = seen.map((e) => `${e.id}:${e.action}:${e.sendStatus}`);
      expect(new Set(keys).size).toBe(keys.length);
    };
    once(seenOnA);
    once(seenOnB);
    const createdOnA = seenOnA.filter((e) => e.action === "create").map((e) => e.body);
    expect(createdOnA).toEqual(["Resposta pelo A", expect.stringContaining("Vendas"), "Durante a troca", "Depois da troca"]);
    expect(seenOnB.filter((e) => e.action === "create").map((e) => e.body)).toEqual(createdOnA.slice(0, 2));
    for (const m of stored) expect(seenOnA.filter((e) => e.id === m.id).at(-1)?.sendStatus).toBe("sent");
  });
});
