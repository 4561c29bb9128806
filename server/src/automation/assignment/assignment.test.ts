import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { connectSocket, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays } from "../../test/conversation";
import { createAttendant } from "../../test/workspaceFixtures";
import { plans, tickets, userQueues, users } from "../../db/schema";

/**
 * Automatic assignment end to end: customers write to a sandbox connection whose only queue is
 * round robin or least busy; attendants are online while their socket is connected.
 */
let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
  await t.built.ctx.db.update(plans).set({ users: 1000, connections: 1000, queues: 1000 }).where(eq(plans.id, 1));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

type Admin = Awaited<ReturnType<typeof signUpCompany>>;
type Attendant = Awaited<ReturnType<typeof createAttendant>> & { socket?: Socket };

/** A company with one queue in `mode`, a paired sandbox connection leading into it. */
async function workspace(mode: string) {
  const admin = await signUpCompany(t.http);
  const queue = await t.http.post("/queue", { name: unique("Fila "), color: "#3366ff", assignmentMode: mode }, admin.token);
  expect(queue).toMatchObject({ status: 201, body: { assignmentMode: mode } });
  const created = await t.http.post("/whatsapp", { name: unique("W"), channel: "sandbox", queueIds: [queue.body.id] }, admin.token);
  expect(created.status).toBe(201);
  expect((await t.http.post(`/sandbox/${created.body.id}/pair`, {}, admin.token)).status).toBe(200);
  return { admin, companyId: admin.company.id as number, queueId: queue.body.id as number, whatsapp: created.body as { id: number; token: string } };
}

const isOnline = async (userId: number) => (await t.built.ctx.db.select({ online: users.online }).from(users).where(eq(users.id, userId)))[0]?.online;

async function goOnline(a: Attendant) {
  a.socket = await connectSocket(t.url, a.token);
  sockets.push(a.socket);
  await expect.poll(() => isOnline(a.id), { timeout: 5_000 }).toBe(true);
}

async function goOffline(a: Attendant) {
  a.socket?.close();
  await expect.poll(() => isOnline(a.id), { timeout: 5_000 }).toBe(false);
}

async function attendant(admin: Admin, queueId: number, over: Record<string, unknown> = {}): Promise<Attendant> {
  return createAttendant(t, admin.token, { name: unique("Ana "), queueIds: [queueId], ...over });
}

/** The company's tickets, in arrival order. */
const ticketsOf = (companyId: number) => t.built.ctx.db.select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id));
const holders = async (companyId: number) => (await ticketsOf(companyId)).map((r) => r.userId);
const openOf = async (companyId: number, userId: number) => (await ticketsOf(companyId)).filter((r) => r.status === "open" && r.userId === userId).length;

let seq = 0;
const number = () => `55119${String(Date.now() % 100000).padStart(5, "0")}${String(++seq).padStart(3, "0")}`;

describe("automatic assignment", () => {
  it("round robin takes turns among three online attendants, and each attendant's socket hears of its tickets", async () => {
    const w = await workspace("roundRobin");
    const team = [await attendant(w.admin, w.queueId), await attendant(w.admin, w.queueId), await attendant(w.admin, w.queueId)];
    for (const a of team) await goOnline(a);
    const heard = new Map<number, number[]>(team.map((a) => [a.id, []]));
    for (const a of team)
      a.socket!.on(`company-${w.companyId}-ticket`, (e: { action: string; ticket?: { id: number; userId: number; status: string } }) => {
        if (e.action === "update" && e.ticket?.userId === a.id && e.ticket.status === "open" && !heard.get(a.id)!.includes(e.ticket.id)) heard.get(a.id)!.push(e.ticket.id);
      });

    for (let i = 0; i < 9; i++) await customerSays(t.http, w.whatsapp, number(), "olá");
    await expect.poll(() => holders(w.companyId), { timeout: 10_000 }).toEqual([...team, ...team, ...team].map((a) => a.id));
    const rows = await ticketsOf(w.companyId);
    expect(rows.every((r) => r.status === "open" && r.queueId === w.queueId)).toBe(true);
    for (const a of team) {
      const mine = rows.filter((r) => r.userId === a.id).map((r) => r.id);
      await expect.poll(() => [...heard.get(a.id)!].sort((x, y) => x - y), { timeout: 5_000 }).toEqual(mine);
    }
    // the attendant's open list shows them as theirs
    const list = await t.http.get(`/tickets?status=open&showAll=false&queueIds=${encodeURIComponent(JSON.stringify([w.queueId]))}`, team[0].token);
    expect(list.status).toBe(200);
    expect(list.body.tickets.filter((x: { userId: number }) => x.userId === team[0].id)).toHaveLength(3);
  });

  it("least busy gives to whoever has fewest open tickets, ties by turn", async () => {
    const w = await workspace("leastBusy");
    const [a, b] = [await attendant(w.admin, w.queueId), await attendant(w.admin, w.queueId)];
    // a already holds two conversations (taken by hand)
    for (let i = 0; i < 2; i++) await customerSays(t.http, w.whatsapp, number(), "antes");
    await expect.poll(() => holders(w.companyId), { timeout: 5_000 }).toEqual([null, null]);
    for (const row of await ticketsOf(w.companyId)) expect((await t.http.put(`/tickets/${row.id}`, { status: "open", userId: a.id }, w.admin.token)).status).toBe(200);
    await goOnline(a);
    await goOnline(b);
    for (let i = 0; i < 3; i++) await customerSays(t.http, w.whatsapp, number(), "oi");
    await expect.poll(() => holders(w.companyId), { timeout: 10_000 }).toEqual([a.id, a.id, b.id, b.id, a.id]);
  });

  it("respects every capacity under a burst of 200 new customers, then gives the oldest waiting ticket to whoever frees up", async () => {
    const w = await workspace("roundRobin");
    const team = [await attendant(w.admin, w.queueId, { capacity: 5 }), await attendant(w.admin, w.queueId, { capacity: 5 }), await attendant(w.admin, w.queueId, { capacity: 5 })];
    for (const a of team) await goOnline(a);
    const numbers = Array.from({ length: 200 }, number);
    // all at once: the sandbox's inbound route has no rate limit, and each answer comes once its message and ticket are stored
    // (on PGlite, one connection, new customers are stored one after another: some seconds for the 200)
    const statuses = await Promise.all(numbers.map(async (n) => (await t.http.post(`/sandbox/${w.whatsapp.id}/inbound`, { number: n, name: "Cliente", body: "rajada" }, w.whatsapp.token)).status));
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    await expect.poll(async () => (await ticketsOf(w.companyId)).filter((r) => r.queueId === w.queueId).length, { timeout: 120_000 }).toBe(200);
    await expect.poll(async () => (await ticketsOf(w.companyId)).filter((r) => r.status === "open").length, { timeout: 60_000 }).toBe(15);
    const rows = await ticketsOf(w.companyId);
    for (const a of team) expect(rows.filter((r) => r.userId === a.id && r.status === "open")).toHaveLength(5);
    expect(rows.filter((r) => r.status === "pending").every((r) => r.userId === null)).toBe(true);

    const oldestWaiting = rows.find((r) => r.status === "pending")!;
    const done = rows.find((r) => r.userId === team[1].id)!;
    expect((await t.http.put(`/tickets/${done.id}`, { status: "closed", userId: team[1].id, queueId: w.queueId }, team[1].token)).status).toBe(200);
    await expect.poll(async () => (await ticketsOf(w.companyId)).find((r) => r.id === oldestWaiting.id)?.userId, { timeout: 10_000 }).toBe(team[1].id);
    expect(await openOf(w.companyId, team[1].id)).toBe(5);
  }, 300_000);

  it("gives nothing to an offline or paused attendant; a waiting ticket goes to whoever resumes or comes online, in arrival order", async () => {
    const w = await workspace("roundRobin");
    const [paused, offline, on] = [await attendant(w.admin, w.queueId), await attendant(w.admin, w.queueId), await attendant(w.admin, w.queueId)];
    await goOnline(paused);
    const pausing = await t.http.put("/users/me/availability", { paused: true }, paused.token);
    expect(pausing).toMatchObject({ status: 200, body: { id: paused.id, paused: true, online: true } });
    await goOnline(on);
    for (let i = 0; i < 3; i++) await customerSays(t.http, w.whatsapp, number(), "oi");
    await expect.poll(() => holders(w.companyId), { timeout: 10_000 }).toEqual([on.id, on.id, on.id]);

    await goOffline(on);
    await customerSays(t.http, w.whatsapp, number(), "primeiro");
    await customerSays(t.http, w.whatsapp, number(), "segundo");
    const waiting = (await ticketsOf(w.companyId)).slice(3);
    expect(waiting.map((r) => [r.status, r.userId])).toEqual([
      ["pending", null],
      ["pending", null],
    ]);

    // room for one: the first to arrive goes to the attendant who resumes, the second waits
    const capped = await t.http.put(`/users/${paused.id}`, { capacity: 1 }, w.admin.token);
    expect(capped).toMatchObject({ status: 200, body: { capacity: 1 } });
    const users = await t.http.get("/users", w.admin.token);
    expect(users.body.users.find((u: { id: number }) => u.id === paused.id)).toMatchObject({ paused: true, capacity: 1, online: true });
    expect((await t.http.put("/users/me/availability", { paused: false }, paused.token)).body.paused).toBe(false);
    await expect.poll(async () => (await ticketsOf(w.companyId)).find((r) => r.id === waiting[0].id)?.userId, { timeout: 10_000 }).toBe(paused.id);
    expect((await ticketsOf(w.companyId)).find((r) => r.id === waiting[1].id)).toMatchObject({ status: "pending", userId: null });

    await goOnline(offline);
    await expect.poll(async () => (await ticketsOf(w.companyId)).find((r) => r.id === waiting[1].id)?.userId, { timeout: 10_000 }).toBe(offline.id);
  });

  it("leaves manual queues alone, and starts on waiting tickets when a queue turns automatic", async () => {
    const w = await workspace("manual");
    const a = await attendant(w.admin, w.queueId);
    await goOnline(a);
    await customerSays(t.http, w.whatsapp, number(), "oi");
    await expect.poll(() => holders(w.companyId), { timeout: 5_000 }).toEqual([null]);
    const queue = (await t.http.get(`/queue/${w.queueId}`, w.admin.token)).body;
    expect(queue.assignmentMode).toBe("manual");
    const changed = await t.http.put(`/queue/${w.queueId}`, { name: queue.name, color: queue.color, assignmentMode: "leastBusy" }, w.admin.token);
    expect(changed).toMatchObject({ status: 200, body: { assignmentMode: "leastBusy" } });
    await expect.poll(() => holders(w.companyId), { timeout: 10_000 }).toEqual([a.id]);
    // an edit that leaves the mode out keeps it
    expect((await t.http.put(`/queue/${w.queueId}`, { name: queue.name, color: queue.color }, w.admin.token)).body.assignmentMode).toBe("leastBusy");
  });

  it("refuses a bad mode, capacity or availability with a 400 naming the field, changing nothing", async () => {
    const w = await workspace("manual");
    const a = await attendant(w.admin, w.queueId, { capacity: 3 });
    expect(await t.http.post("/queue", { name: unique("Fila "), color: "#112233", assignmentMode: "random" }, w.admin.token)).toMatchObject({ status: 400, body: { field: "assignmentMode" } });
    const queue = (await t.http.get(`/queue/${w.queueId}`, w.admin.token)).body;
    expect(await t.http.put(`/queue/${w.queueId}`, { name: queue.name, color: queue.color, assignmentMode: "ROUNDROBIN" }, w.admin.token)).toMatchObject({ status: 400, body: { field: "assignmentMode" } });
    expect((await t.http.get(`/queue/${w.queueId}`, w.admin.token)).body.assignmentMode).toBe("manual");
    for (const capacity of [0, 1001, 2.5, "abc", -1, null]) expect(await t.http.put(`/users/${a.id}`, { capacity }, w.admin.token), String(capacity)).toMatchObject({ status: 400, body: { field: "capacity" } });
    expect(await t.http.post("/users", { name: "Bia", email: `${unique("bia")}@example.com`, password: "secret1", capacity: 0 }, w.admin.token)).toMatchObject({ status: 400, body: { field: "capacity" } });
    expect((await t.http.get(`/users/${a.id}`, w.admin.token)).body.capacity).toBe(3);
    // an attendant cannot raise their own capacity: only admins set it
    expect((await t.http.put(`/users/${a.id}`, { name: "Ana", capacity: 50 }, a.token)).body.capacity).toBe(3);
    for (const paused of ["yes", 1, null]) expect(await t.http.put("/users/me/availability", { paused }, a.token)).toMatchObject({ status: 400, body: { field: "paused" } });
    expect((await t.http.put("/users/me/availability", {}, a.token)).status).toBe(400);
    expect((await t.http.put("/users/me/availability", { paused: true }, undefined)).status).toBe(401);
    expect((await t.http.get(`/users/${a.id}`, w.admin.token)).body.paused).toBe(false);
    // a new user gets the default capacity
    const b = await attendant(w.admin, w.queueId);
    expect((await t.http.get(`/users/${b.id}`, w.admin.token)).body).toMatchObject({ capacity: 10, paused: false });
  });

  it("never gives a company's ticket to another company's attendant, even one linked to its queue by a stray row", async () => {
    const w = await workspace("roundRobin");
    const other = await workspace("roundRobin");
    const stranger = await attendant(other.admin, other.queueId);
    await goOnline(stranger);
    await t.built.ctx.db.insert(userQueues).values({ companyId: w.companyId, userId: stranger.id, queueId: w.queueId });
    await customerSays(t.http, w.whatsapp, number(), "oi");
    await expect.poll(async () => (await ticketsOf(w.companyId)).map((r) => [r.queueId, r.userId]), { timeout: 5_000 }).toEqual([[w.queueId, null]]);
    // nor can an admin set another company's user's capacity
    expect((await t.http.put(`/users/${stranger.id}`, { capacity: 2 }, w.admin.token)).status).toBe(404);
    await t.built.ctx.db.delete(userQueues).where(and(eq(userQueues.userId, stranger.id), inArray(userQueues.queueId, [w.queueId])));
  });
});
