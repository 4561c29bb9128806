import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import { rooms } from "@balcao/common";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../test/harness";
import { queues } from "../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const members = async (app: TestApp, room: string) => (await app.built.ctx.realtime.server!.in(room).fetchSockets()).length;
const settle = () => new Promise((r) => setTimeout(r, 150));

describe("socket connection", () => {
  it("accepts a valid token over websocket and says ready", async () => {
    const { token } = await t.http.login(ADMIN.email, ADMIN.password);
    const socket = await connectSocket(t.url, token);
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("refuses a missing, invalid or closed-session token", async () => {
    await expect(connectSocket(t.url, "")).rejects.toThrow("ERR_SESSION_EXPIRED");
    await expect(connectSocket(t.url, "not.a.token")).rejects.toThrow("Token expired");
    const owner = await signUpCompany(t.http);
    await t.http.request("DELETE", "/auth/logout", { token: owner.token, cookie: owner.cookie });
    await expect(connectSocket(t.url, owner.token)).rejects.toThrow("ERR_SESSION_EXPIRED");
  });

  it("marks the user online while connected and offline after", async () => {
    const owner = await signUpCompany(t.http);
    const watcher = await connectSocket(t.url, (await t.http.login(ADMIN.email, ADMIN.password)).token);
    const socket = await connectSocket(t.url, owner.token);
    await settle();
    expect((await t.http.get(`/users/${owner.user.id}`, owner.token)).body.online).toBe(true);
    socket.close();
    await settle();
    expect((await t.http.get(`/users/${owner.user.id}`, (await t.http.login(owner.email, owner.password)).token)).body.online).toBe(false);
    watcher.close();
  });
});

describe("rooms", () => {
  it("puts an admin in the company, user and admins rooms, and joins notification and ticket status rooms on request", async () => {
    const owner = await signUpCompany(t.http);
    const cid = owner.company.id;
    const socket = await connectSocket(t.url, owner.token);
    expect(await members(t, rooms.company(cid))).toBe(1);
    expect(await members(t, rooms.user(cid, owner.user.id))).toBe(1);
    expect(await members(t, rooms.admins(cid))).toBe(1);
    socket.emit("joinNotification");
    socket.emit("joinTickets", "pending");
    const refused = nextEvent(socket, "joinError");
    socket.emit("joinTickets", "everything");
    expect(await refused).toMatchObject({ room: "tickets", status: "everything" });
    await settle(); // joins are checked against the database first
    expect(await members(t, rooms.notification(cid))).toBe(1);
    expect(await members(t, rooms.ticketStatus(cid, "pending"))).toBe(1);
    socket.emit("leaveTickets", "pending");
    await settle();
    expect(await members(t, rooms.ticketStatus(cid, "pending"))).toBe(0);
    socket.close();
  });

  it("keeps an attendant to the rooms of his own queues", async () => {
    const owner = await signUpCompany(t.http);
    const cid = owner.company.id;
    const [q] = await t.built.ctx.db.insert(queues).values({ companyId: cid, name: "Fila", color: "#123456" }).returning();
    const attendant = { name: "Ana Lima", email: `${unique("ana")}@example.com`, password: "secret1", profile: "user", queueIds: [q.id] };
    await t.http.post("/users", attendant, owner.token);
    const { token } = await t.http.login(attendant.email, attendant.password);
    const socket = await connectSocket(t.url, token);
    socket.emit("joinTickets", "open");
    socket.emit("joinNotification");
    await settle();
    expect(await members(t, rooms.admins(cid))).toBe(0);
    expect(await members(t, rooms.ticketStatus(cid, "open"))).toBe(0);
    expect(await members(t, rooms.notification(cid))).toBe(0);
    expect(await members(t, rooms.queue(cid, q.id, "open"))).toBe(1);
    expect(await members(t, rooms.queue(cid, null, "open"))).toBe(1);
    expect(await members(t, rooms.queue(cid, q.id, "notification"))).toBe(1);
    expect(await members(t, rooms.queue(cid, null, "notification"))).toBe(0); // allTicket is off
    socket.close();
  });

  it("refuses a chat box room it cannot check (no ticket of the company)", async () => {
    const owner = await signUpCompany(t.http);
    const socket = await connectSocket(t.url, owner.token);
    const refused = nextEvent(socket, "joinError");
    socket.emit("joinChatBox", 1);
    expect(await refused).toMatchObject({ room: "chatBox" });
    expect(await members(t, rooms.ticket(owner.company.id, 1))).toBe(0);
    socket.close();
  });

  it("delivers a company's events to that company only", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const sa = await connectSocket(t.url, a.token);
    const sb = await connectSocket(t.url, b.token);
    const leakName = `company-${a.company.id}-user`;
    const toB = nextEvent(sb, leakName, 800);
    const toA = nextEvent(sa, leakName, 2_000, (e) => e.user?.name === "Renamed Owner");
    await t.http.put(`/users/${a.user.id}`, { name: "Renamed Owner" }, a.token);
    expect(await toA).toMatchObject({ action: "update", user: { name: "Renamed Owner" } });
    expect(await toB).toBeNull();
    sa.close();
    sb.close();
  });
});

function redisReachable(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const s = net.connect(Number(port || 6379), hostname);
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await redisReachable(REDIS_URL);
if (!redisUp && process.env.REQUIRE_REDIS) throw new Error(`REQUIRE_REDIS is set but Redis is not reachable at ${REDIS_URL}`);

describe.skipIf(!redisUp)("two server processes with REDIS_URL", () => {
  it("share company events through the Redis adapter", async () => {
    const secrets = { JWT_SECRET: "s".repeat(40), JWT_REFRESH_SECRET: "r".repeat(40), REDIS_URL };
    const one = await startTestApp({ env: secrets });
    // With PostgreSQL both processes use one database; on PGlite each has its own seeded copy.
    const two = await startTestApp({ env: secrets, databaseUrl: one.config.databaseUrl });
    try {
      const onTwo = await two.http.login(ADMIN.email, ADMIN.password);
      const socket = await connectSocket(two.url, onTwo.token);
      const event = nextEvent(socket, "company-1-settings", 3_000);
      const onOne = one.config.databaseUrl ? onTwo : await one.http.login(ADMIN.email, ADMIN.password);
      const res = await one.http.put("/settings/userRating", { value: "enabled" }, onOne.token);
      expect(res.status).toBe(200);
      expect(await event).toMatchObject({ action: "update", setting: { key: "userRating", value: "enabled" } });
      socket.close();
    } finally {
      await two.close();
      await one.close();
    }
  });
});

describe("sockets follow their session and their user", () => {
  it("are closed when their session ends (logout)", async () => {
    const owner = await signUpCompany(t.http);
    const socket = await connectSocket(t.url, owner.token);
    const closed = new Promise((resolve) => socket.once("disconnect", resolve));
    await t.http.request("DELETE", "/auth/logout", { token: owner.token, cookie: owner.cookie });
    expect(await closed).toBe("io server disconnect");
  });

  it("reconnect under the new rules when an admin changes the user's profile or queues", async () => {
    const owner = await signUpCompany(t.http);
    const body = { name: "Bia Admin", email: `${unique("bia")}@example.com`, password: "secret1", profile: "admin" };
    const created = await t.http.post("/users", body, owner.token);
    const bia = await t.http.login(body.email, body.password);
    const socket = await connectSocket(t.url, bia.token);
    socket.emit("joinTickets", "pending");
    await settle();
    expect(await members(t, rooms.ticketStatus(owner.company.id, "pending"))).toBe(1);
    const closed = new Promise((resolve) => socket.once("disconnect", resolve));
    await t.http.put(`/users/${created.body.id}`, { profile: "user" }, owner.token);
    expect(await closed).toBe("io server disconnect");
    const again = await connectSocket(t.url, bia.token);
    again.emit("joinTickets", "pending");
    await settle();
    expect(await members(t, rooms.ticketStatus(owner.company.id, "pending"))).toBe(0);
    expect(await members(t, rooms.admins(owner.company.id))).toBe(0);
    again.close();
  });
});
