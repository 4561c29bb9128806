import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { messages, ticketTrackings } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
const at = (day: number, hour: number) => new Date(2024, 0, day, hour, 30);
let seq = 0;
const JANUARY = "initialDate=2024-01-01&finalDate=2024-01-31";

/** One ticket in `queueId` with one service cycle, and its messages at the given times. */
async function cycle(companyId: number, c: { userId?: number; queueId?: number; queuedAt: Date; finishedAt?: Date; rate?: number; messagesAt?: Date[] }) {
  const contact = await insertContact(t, companyId);
  const ticket = await insertTicket(t, companyId, contact.id, { status: c.finishedAt ? "closed" : "open", userId: c.userId ?? null, queueId: c.queueId ?? null });
  await t.built.ctx.db
    .insert(ticketTrackings)
    .values({ companyId, ticketId: ticket.id, userId: c.userId ?? null, queuedAt: c.queuedAt, startedAt: c.queuedAt, finishedAt: c.finishedAt ?? null, rated: c.rate != null, rate: c.rate ?? null });
  for (const createdAt of c.messagesAt ?? []) {
    await t.built.ctx.db.insert(messages).values({ companyId, ticketId: ticket.id, contactId: contact.id, externalId: `r${++seq}`, body: "oi", fromMe: false, createdAt });
  }
}

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  const ana = await createAttendant(t, a.token, { name: "Ana" });
  const vendas = (await t.http.post("/queue", { name: "Vendas", color: "#111111", greetingMessage: "" }, a.token)).body.id;
  const suporte = (await t.http.post("/queue", { name: "Suporte", color: "#222222", greetingMessage: "" }, a.token)).body.id;
  await cycle(a.company.id, { userId: ana.id, queueId: vendas, queuedAt: at(3, 9), finishedAt: at(3, 10), rate: 3, messagesAt: [at(3, 9), at(3, 9)] });
  await cycle(a.company.id, { userId: ana.id, queueId: vendas, queuedAt: at(4, 14), finishedAt: at(4, 15), rate: 2, messagesAt: [at(4, 14)] });
  await cycle(a.company.id, { userId: a.user.id, queueId: suporte, queuedAt: at(5, 9), finishedAt: at(5, 9), rate: 1 });
  await cycle(a.company.id, { queuedAt: at(6, 9) }); // never taken, no queue
  await cycle(a.company.id, { userId: ana.id, queueId: vendas, queuedAt: new Date(2024, 1, 2, 9), messagesAt: [new Date(2024, 1, 2, 9)] }); // February
  await cycle(b.company.id, { queuedAt: at(3, 9), messagesAt: [at(3, 9), at(3, 20)], rate: 3, finishedAt: at(3, 10) });
});
afterAll(() => t?.close());

describe("GET /reports/*", () => {
  it("appointmentsAtendent counts the period's cycles per attendant and per queue", async () => {
    const res = await t.http.get(`/reports/appointmentsAtendent?${JANUARY}&companyId=${b.company.id}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body.appointmentsByAttendents).toEqual([expect.objectContaining({ user_name: "Ana", total_tickets: 2 }), expect.objectContaining({ user_name: a.user.name, total_tickets: 1 })]);
    expect(res.body.ticketsByQueues).toEqual([expect.objectContaining({ name: "Suporte", total_tickets: 1 }), expect.objectContaining({ name: "Vendas", total_tickets: 2 })]);
  });

  it("rushHour counts the period's messages per hour of the day", async () => {
    const res = await t.http.get(`/reports/rushHour?${JANUARY}`, a.token);
    expect(res).toMatchObject({
      status: 200,
      body: [
        { message_hour: 9, message_count: 2 },
        { message_hour: 14, message_count: 1 },
      ],
    });
  });

  it("departamentRatings averages the period's ratings per queue", async () => {
    const res = await t.http.get(`/reports/departamentRatings?${JANUARY}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ name: "Suporte", total_rate: 1 }), expect.objectContaining({ name: "Vendas", total_rate: 2.5, total_ratings: 2 })]);
  });

  it("answers 400 naming the field for a missing or impossible day", async () => {
    expect(await t.http.get("/reports/rushHour?initialDate=2024-01-01", a.token)).toMatchObject({ status: 400, body: { field: "finalDate" } });
    expect(await t.http.get("/reports/rushHour?initialDate=2024-02-01&finalDate=2024-01-01", a.token)).toMatchObject({ status: 400, body: { field: "finalDate" } });
  });

  it("is for those who see the dashboard", async () => {
    const attendant = await createAttendant(t, a.token);
    expect((await t.http.get(`/reports/rushHour?${JANUARY}`, attendant.token)).status).toBe(403);
  });
});
