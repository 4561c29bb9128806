import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq, like } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { connectSocket, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays } from "../../test/conversation";
import { createAttendant } from "../../test/workspaceFixtures";
import { messages, plans, ticketTrackings, tickets, users } from "../../db/schema";

/**
 * Two server processes on one PostgreSQL database assign one company's tickets at once: the
 * attendants' sockets are on different processes, the customers write to both. The company's
 * assignment lock and the conditional update must keep every ticket given once and every
 * capacity respected. Needs PostgreSQL (on PGlite each process has its own database).
 */
let one: TestApp;
let two: TestApp;
let dataDir: string;
const sockets: Socket[] = [];
const CAPACITY = 4;
const GREETING = "*Mensagem Automática*";

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  // one DATA_DIR and one set of secrets: a token or a connection's token is good on either process
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-assign-"));
  const env = { JWT_SECRET: "s".repeat(40), JWT_REFRESH_SECRET: "r".repeat(40) };
  one = await startTestApp({ env, dataDir });
  two = await startTestApp({ env, dataDir, databaseUrl: one.config.databaseUrl });
  await one.built.ctx.db.update(plans).set({ users: 1000, connections: 1000, queues: 1000 }).where(eq(plans.id, 1));
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await two?.close();
  await one?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

let seq = 0;
const number = () => `55118${String(Date.now() % 100000).padStart(5, "0")}${String(++seq).padStart(3, "0")}`;

/** A company with a round-robin queue on a paired sandbox connection, greeting on accept (each assignment greets once). */
async function workspace() {
  const admin = await signUpCompany(one.http);
  const companyId = admin.company.id as number;
  expect((await one.http.put("/settings/sendGreetingAccepted", { value: "enabled" }, admin.token)).status).toBe(200);
  const queue = await one.http.post("/queue", { name: unique("Fila "), color: "#3366ff", assignmentMode: "roundRobin" }, admin.token);
  expect(queue.status).toBe(201);
  const queueId = queue.body.id as number;
  const created = await one.http.post("/whatsapp", { name: unique("W"), channel: "sandbox", queueIds: [queueId] }, admin.token);
  expect(created.status).toBe(201);
  expect((await one.http.post(`/sandbox/${created.body.id}/pair`, {}, admin.token)).status).toBe(200);
  const team = [];
  for (let i = 0; i < 3; i++) team.push(await createAttendant(one, admin.token, { name: unique("Ana "), queueIds: [queueId], capacity: CAPACITY }));
  return { admin, companyId, queueId, whatsapp: created.body as { id: number; token: string }, team };
}

const isOnline = async (userId: number) => (await one.built.ctx.db.select({ online: users.online }).from(users).where(eq(users.id, userId)))[0]?.online;

/** The attendant's socket connects to `app`: they are online. */
async function goOnline(app: TestApp, a: { id: number; token: string }) {
  const socket = await connectSocket(app.url, a.token);
  sockets.push(socket);
  await expect.poll(() => isOnline(a.id), { timeout: 5_000 }).toBe(true);
}

/** 40 customers at once, half through each process. */
async function burst(whatsapp: { id: number; token: string }) {
  const numbers = Array.from({ length: 40 }, number);
  await Promise.all(numbers.map((n, i) => customerSays((i % 2 ? two : one).http, whatsapp, n, "oi")));
}

/** The company's tickets in arrival order. */
const ticketsOf = (companyId: number) => one.built.ctx.db.select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id));

/** How many greetings on accept each ticket got: one per assignment. */
async function greetingsOf(companyId: number) {
  const sent = await one.built.ctx.db
    .select({ ticketId: messages.ticketId })
    .from(messages)
    .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true), like(messages.body, `${GREETING}%`)));
  const count = new Map<number, number>();
  for (const m of sent) count.set(m.ticketId, (count.get(m.ticketId) ?? 0) + 1);
  return count;
}
const sum = (m: Map<number, number>) => [...m.values()].reduce((s, n) => s + n, 0);

/**
 * Every attendant holds exactly CAPACITY open tickets, the rest wait with nobody; every ticket has
 * one cycle (tracking) started by its holder, and was greeted once if assigned, never otherwise.
 */
async function expectAssignedOnce(companyId: number, team: { id: number }[]) {
  await expect.poll(async () => (await ticketsOf(companyId)).filter((r) => r.status === "open").length, { timeout: 30_000 }).toBe(team.length * CAPACITY);
  await expect.poll(async () => sum(await greetingsOf(companyId)), { timeout: 10_000 }).toBe(team.length * CAPACITY);
  // let a late run of either process show itself before counting
  await new Promise((r) => setTimeout(r, 1_000));
  const rows = await ticketsOf(companyId);
  for (const a of team)
    expect(
      rows.filter((r) => r.status === "open" && r.userId === a.id),
      `attendant ${a.id}`,
    ).toHaveLength(CAPACITY);
  const waiting = rows.filter((r) => r.status !== "open");
  expect(waiting.map((r) => [r.status, r.userId])).toEqual(waiting.map(() => ["pending", null]));
  const trackings = await one.built.ctx.db.select().from(ticketTrackings).where(eq(ticketTrackings.companyId, companyId));
  const greetings = await greetingsOf(companyId);
  for (const r of rows) {
    expect(
      trackings.filter((x) => x.ticketId === r.id).map((x) => x.userId),
      `ticket ${r.id}`,
    ).toEqual([r.userId]);
    expect(greetings.get(r.id) ?? 0, `ticket ${r.id}`).toBe(r.userId === null ? 0 : 1);
  }
  expect(sum(greetings)).toBe(team.length * CAPACITY);
  return rows;
}

describe.skipIf(!process.env.DATABASE_URL)("automatic assignment from two server processes on one database", () => {
  it("gives every ticket once and never exceeds a capacity, then gives the oldest waiting ticket once to whoever frees up", async () => {
    const { companyId, queueId, whatsapp, team } = await workspace();
    // online through sockets on different processes
    for (const [i, a] of team.entries()) await goOnline(i === 1 ? two : one, a);

    await burst(whatsapp);
    await expect.poll(async () => (await ticketsOf(companyId)).length, { timeout: 30_000 }).toBe(40);
    const rows = await expectAssignedOnce(companyId, team);

    // the attendant on process two closes one: the oldest waiting ticket goes to them, once
    const waiting = rows.filter((r) => r.status === "pending");
    const freeing = team[1];
    const done = rows.find((r) => r.status === "open" && r.userId === freeing.id)!;
    expect((await two.http.put(`/tickets/${done.id}`, { status: "closed", userId: freeing.id, queueId }, freeing.token)).status).toBe(200);
    await expect.poll(async () => (await ticketsOf(companyId)).find((r) => r.id === waiting[0].id)?.userId, { timeout: 10_000 }).toBe(freeing.id);
    await new Promise((r) => setTimeout(r, 1_000));
    const after = await ticketsOf(companyId);
    for (const a of team) expect(after.filter((r) => r.status === "open" && r.userId === a.id)).toHaveLength(CAPACITY);
    expect(after.filter((r) => r.status === "pending").map((r) => [r.id, r.userId])).toEqual(waiting.slice(1).map((r) => [r.id, null]));
    const greetings = await greetingsOf(companyId);
    expect(greetings.get(waiting[0].id)).toBe(1);
    expect(sum(greetings)).toBe(3 * CAPACITY + 1);
    const trackings = await one.built.ctx.db.select().from(ticketTrackings).where(eq(ticketTrackings.companyId, companyId));
    expect(trackings.filter((x) => x.ticketId === waiting[0].id).map((x) => x.userId)).toEqual([freeing.id]);
  }, 180_000);

  it("gives 40 waiting tickets once when three attendants come online at the same moment on both processes", async () => {
    const { companyId, whatsapp, team } = await workspace();
    await burst(whatsapp);
    await expect.poll(async () => (await ticketsOf(companyId)).map((r) => [r.status, r.userId]), { timeout: 30_000 }).toEqual(Array.from({ length: 40 }, () => ["pending", null]));
    // each process's trigger starts its run on the same waiting tickets
    await Promise.all(team.map((a, i) => goOnline(i === 1 ? two : one, a)));
    await expectAssignedOnce(companyId, team);
  }, 180_000);
});
