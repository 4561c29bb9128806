import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { ticketTrackings, users } from "../../db/schema";

/*
 * The figures under test, as the service defines them:
 * - 'Em Conversa' / 'Aguardando': tickets open / pending now, whatever the period;
 * - 'Finalizados': cycles finished in the period; 'Novos Contatos': contacts (not groups) created in it;
 * - 'T.M. de Conversa': mean finishedAt − startedAt (minutes) of cycles finished in the period that had started;
 * - 'T.M. de Espera': mean startedAt − queuedAt (minutes) of cycles started in the period that waited at all;
 * - per attendant: his cycles finished in the period, their mean conversation time, the mean of their rates;
 * - 'Total de Atendimentos' (ticketsDay): tickets served in the range, each once, on the day or hour it first arrived in it.
 * Days and hours are the server's local ones, so the data set is written in local time.
 */

let t: TestApp;
const at = (day: number, hour: number, minute = 0, month = 1) => new Date(2024, month - 1, day, hour, minute);
const MINUTE = 60_000;

interface Cycle {
  userId?: number | null;
  queuedAt: Date;
  startedAt?: Date;
  finishedAt?: Date;
  rate?: number | null;
  rated?: boolean;
  status?: string;
}

/** One ticket of its own contact (created long before the period) with one service cycle. */
async function cycle(companyId: number, c: Cycle) {
  const contact = await insertContact(t, companyId, { createdAt: new Date(2023, 5, 1) });
  const status = c.status ?? (c.finishedAt ? "closed" : c.startedAt ? "open" : "pending");
  const ticket = await insertTicket(t, companyId, contact.id, { status, userId: c.userId ?? null });
  await t.built.ctx.db.insert(ticketTrackings).values({
    companyId,
    ticketId: ticket.id,
    userId: c.userId ?? null,
    queuedAt: c.queuedAt,
    startedAt: c.startedAt ?? null,
    finishedAt: c.finishedAt ?? null,
    rated: c.rated ?? c.rate != null,
    rate: c.rate ?? null,
  });
}

const localDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;

let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let ana: Awaited<ReturnType<typeof createAttendant>>;
let bruno: Awaited<ReturnType<typeof createAttendant>>;
let carla: Awaited<ReturnType<typeof createAttendant>>;
const now = new Date();
const ago = (days: number, minutes = 0) => new Date(now.getTime() - days * 86_400_000 - minutes * MINUTE);

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  ana = await createAttendant(t, a.token, { name: "Ana" });
  bruno = await createAttendant(t, a.token, { name: "Bruno" });
  carla = await createAttendant(t, b.token, { name: "Carla" });
  await t.built.ctx.db.update(users).set({ online: true }).where(eq(users.id, bruno.id));

  // Company A, January 2024.
  await cycle(a.company.id, { userId: ana.id, queuedAt: at(10, 9), startedAt: at(10, 9, 10), finishedAt: at(10, 9, 40), rate: 3 }); // wait 10, talk 30
  await cycle(a.company.id, { userId: ana.id, queuedAt: at(10, 14), startedAt: at(10, 14, 20), finishedAt: at(10, 14, 30), rate: 2 }); // wait 20, talk 10
  await cycle(a.company.id, { userId: bruno.id, queuedAt: at(11, 10), startedAt: at(11, 10, 5), finishedAt: at(11, 10, 50), rated: true }); // wait 5, talk 45, answered without a rate
  await cycle(a.company.id, { userId: bruno.id, queuedAt: at(12, 8), startedAt: at(12, 8), finishedAt: at(12, 8, 20), rate: 1 }); // opened by Bruno: no wait, talk 20
  await cycle(a.company.id, { queuedAt: at(12, 9) }); // still waiting: pending now
  await cycle(a.company.id, { queuedAt: at(12, 11), finishedAt: at(12, 11, 30) }); // closed while pending: no conversation
  await cycle(a.company.id, { userId: ana.id, queuedAt: at(12, 15), startedAt: at(12, 15, 15) }); // wait 15, open now
  await cycle(a.company.id, { userId: ana.id, queuedAt: at(5, 10, 0, 2), startedAt: at(5, 10, 30, 2), finishedAt: at(5, 11, 30, 2), rate: 1 }); // February: wait 30, talk 60
  for (const [day, isGroup] of [
    [9, false],
    [10, false],
    [11, false],
    [11, true],
    [13, false],
  ] as const) {
    await insertContact(t, a.company.id, { createdAt: at(day, 12), isGroup });
  }

  // Company B: the same days with other figures, plus recent cycles for the "last N days" filter.
  await cycle(b.company.id, { userId: carla.id, queuedAt: at(10, 9), startedAt: at(10, 9, 50), finishedAt: at(10, 11, 30), rate: 1 });
  await cycle(b.company.id, { userId: carla.id, queuedAt: at(12, 9), startedAt: at(12, 9, 1) });
  await cycle(b.company.id, { queuedAt: at(12, 9) });
  await cycle(b.company.id, { queuedAt: at(12, 10) });
  await cycle(b.company.id, { userId: carla.id, queuedAt: ago(2, 30), startedAt: ago(2, 20), finishedAt: ago(2), rate: 3 }); // wait 10, talk 20
  await cycle(b.company.id, { userId: carla.id, queuedAt: ago(10, 60), startedAt: ago(10, 40), finishedAt: ago(10), rate: 2 }); // wait 20, talk 40
});
afterAll(async () => t?.close());

describe("GET /dashboard", () => {
  it("counts the company's conversations of the period, with exact average times and its attendants", async () => {
    const res = await t.http.get("/dashboard?date_from=2024-01-10&date_to=2024-01-12", a.token);
    expect(res.status).toBe(200);
    expect(res.body.counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 5,
      leads: 2,
      avgSupportTime: 26.25, // (30 + 10 + 45 + 20) / 4
      avgWaitTime: 12.5, // (10 + 20 + 5 + 15) / 4; Bruno's own opening did not wait
    });
    expect(res.body.attendants).toEqual([
      { id: ana.id, name: "Ana", online: false, tickets: 2, avgSupportTime: 20, rating: 2.5, countRating: 2 },
      { id: bruno.id, name: "Bruno", online: true, tickets: 2, avgSupportTime: 32.5, rating: 1, countRating: 1 },
      { id: a.user.id, name: a.user.name, online: false, tickets: 0, avgSupportTime: 0, rating: 0, countRating: 0 },
    ]);
  });

  it("keeps each company's figures apart", async () => {
    const res = await t.http.get("/dashboard?date_from=2024-01-10&date_to=2024-01-12", b.token);
    expect(res.body.counters).toEqual({ supportHappening: 1, supportPending: 2, supportFinished: 1, leads: 0, avgSupportTime: 100, avgWaitTime: 25.5 });
    expect(res.body.attendants.map((u: { name: string }) => u.name)).toEqual(["Carla", b.user.name]);
    expect(res.body.attendants[0]).toMatchObject({ tickets: 1, avgSupportTime: 100, rating: 1, countRating: 1 });
  });

  it("applies one bound alone: from a day on, or up to a day", async () => {
    const from = (await t.http.get("/dashboard?date_from=2024-01-11", a.token)).body;
    expect(from.counters).toMatchObject({ supportFinished: 4, leads: 2, avgSupportTime: 41.67, avgWaitTime: 16.67 }); // (45+20+60)/3, (5+15+30)/3
    expect(from.attendants[0]).toMatchObject({ name: "Ana", tickets: 1, avgSupportTime: 60, rating: 1 });

    const upTo = (await t.http.get("/dashboard?date_to=2024-01-10", a.token)).body;
    // leads: the 8 customers of the tickets (created in 2023) and those of 9 and 10 January
    expect(upTo.counters).toMatchObject({ supportFinished: 2, leads: 10, avgSupportTime: 20, avgWaitTime: 15 });
  });

  it("filters by the last N days, combined with the dates when both are given", async () => {
    const week = (await t.http.get("/dashboard?days=7", b.token)).body;
    expect(week.counters).toEqual({ supportHappening: 1, supportPending: 2, supportFinished: 1, leads: 0, avgSupportTime: 20, avgWaitTime: 10 });
    expect(week.attendants[0]).toMatchObject({ name: "Carla", tickets: 1, rating: 3 });

    const fortnight = (await t.http.get("/dashboard?days=15", b.token)).body;
    expect(fortnight.counters).toMatchObject({ supportFinished: 2, avgSupportTime: 30, avgWaitTime: 15 });
    expect(fortnight.attendants[0]).toMatchObject({ tickets: 2, avgSupportTime: 30, rating: 2.5, countRating: 2 });

    const olderOnes = (await t.http.get(`/dashboard?days=15&date_to=${localDay(ago(5))}`, b.token)).body;
    expect(olderOnes.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 40, avgWaitTime: 20 });

    expect((await t.http.get("/dashboard?days=7", a.token)).body.counters).toMatchObject({ supportFinished: 0, avgSupportTime: 0, avgWaitTime: 0, supportHappening: 1 });
  });

  it("rejects malformed filters naming the field", async () => {
    const cases: [string, string][] = [
      ["days=abc", "days"],
      ["days=0", "days"],
      ["date_from=2024-13-01", "date_from"],
      ["date_from=2024-02-30", "date_from"],
      ["date_to=10/01/2024", "date_to"],
      ["date_from=2024-01-12&date_to=2024-01-10", "date_to"],
    ];
    for (const [query, field] of cases) {
      const res = await t.http.get(`/dashboard?${query}`, a.token);
      expect([query, res.status, res.body.error, res.body.field]).toEqual([query, 400, "ERR_VALIDATION", field]);
    }
  });

  it("is for admins only", async () => {
    for (const path of ["/dashboard?days=7", "/dashboard/ticketsUsers?initialDate=2024-01-10&finalDate=2024-01-12", "/dashboard/ticketsDay?initialDate=2024-01-10&finalDate=2024-01-12"]) {
      expect((await t.http.get(path, ana.token)).status).toBe(403);
      expect((await t.http.get(path)).status).toBe(401);
    }
  });
});

describe("GET /dashboard/ticketsUsers", () => {
  it("counts each user's finished conversations between the two days, users without any at 0", async () => {
    const res = await t.http.get(`/dashboard/ticketsUsers?initialDate=2024-01-10&finalDate=2024-01-12&companyId=${b.company.id}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { nome: "Ana", quantidade: 2 },
        { nome: "Bruno", quantidade: 2 },
        { nome: a.user.name, quantidade: 0 },
      ],
    });
    const oneDay = await t.http.get("/dashboard/ticketsUsers?initialDate=2024-01-10&finalDate=2024-01-10", a.token);
    expect(oneDay.body.data.slice(0, 2)).toEqual([
      { nome: "Ana", quantidade: 2 },
      { nome: "Bruno", quantidade: 0 },
    ]);
  });
});

describe("GET /dashboard/ticketsDay", () => {
  it("counts arriving tickets per day over a range", async () => {
    const res = await t.http.get(`/dashboard/ticketsDay?initialDate=2024-01-09&finalDate=2024-01-12&companyId=${b.company.id}`, a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        { data: "10/01/2024", total: 2 },
        { data: "11/01/2024", total: 1 },
        { data: "12/01/2024", total: 4 },
      ],
      count: 7,
    });
  });

  it("counts per hour when both days are the same", async () => {
    const res = await t.http.get("/dashboard/ticketsDay?initialDate=2024-01-12&finalDate=2024-01-12", a.token);
    expect(res.body).toEqual({
      data: [
        { horario: "08", total: 1 },
        { horario: "09", total: 1 },
        { horario: "11", total: 1 },
        { horario: "15", total: 1 },
      ],
      count: 4,
    });
    const other = await t.http.get("/dashboard/ticketsDay?initialDate=2024-01-12&finalDate=2024-01-12", b.token);
    expect(other.body).toEqual({
      data: [
        { horario: "09", total: 2 },
        { horario: "10", total: 1 },
      ],
      count: 3,
    });
  });

  it("counts a ticket resolved and reopened once: the day it first arrived in the range", async () => {
    const c = await signUpCompany(t.http);
    const contact = await insertContact(t, c.company.id, { createdAt: new Date(2023, 5, 1) });
    const reopened = await insertTicket(t, c.company.id, contact.id, { status: "closed" });
    await t.built.ctx.db.insert(ticketTrackings).values([
      { companyId: c.company.id, ticketId: reopened.id, queuedAt: at(20, 9), startedAt: at(20, 9, 5), finishedAt: at(20, 10) },
      { companyId: c.company.id, ticketId: reopened.id, queuedAt: at(22, 14), startedAt: at(22, 14), finishedAt: at(22, 15) },
    ]);
    await cycle(c.company.id, { queuedAt: at(22, 10) });
    const range = await t.http.get("/dashboard/ticketsDay?initialDate=2024-01-20&finalDate=2024-01-22", c.token);
    expect(range.body).toEqual({
      data: [
        { data: "20/01/2024", total: 1 },
        { data: "22/01/2024", total: 1 },
      ],
      count: 2,
    });
    // a range that starts after its first arrival counts it once, when it came back
    const lastDay = await t.http.get("/dashboard/ticketsDay?initialDate=2024-01-22&finalDate=2024-01-22", c.token);
    expect(lastDay.body).toEqual({
      data: [
        { horario: "10", total: 1 },
        { horario: "14", total: 1 },
      ],
      count: 2,
    });
  });

  it("counts once a customer's ticket accepted, resolved, reopened and resolved again the same day", async () => {
    const c = await signUpCompany(t.http);
    const whatsapp = await pairedSandbox(t.http, c.token);
    const { ticket } = await customerSays(t.http, whatsapp, "5511987650042", "Olá, preciso de ajuda");
    for (const status of ["open", "closed", "open", "closed"]) {
      const res = await t.http.put(`/tickets/${ticket.id}`, { status, userId: c.user.id }, c.token);
      expect(res.body).toMatchObject({ status });
    }
    const finished = async () => (await t.built.ctx.db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id))).filter((row) => row.finishedAt).length;
    await expect.poll(finished).toBe(2);
    const today = localDay(new Date());
    const res = await t.http.get(`/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`, c.token);
    expect(res.body.count).toBe(1);
  });

  it("requires both days, well formed and in order", async () => {
    const cases: [string, string][] = [
      ["initialDate=2024-01-10", "finalDate"],
      ["finalDate=2024-01-10", "initialDate"],
      ["initialDate=10/01/2024&finalDate=2024-01-12", "initialDate"],
      ["initialDate=2024-01-12&finalDate=2024-01-10", "finalDate"],
    ];
    for (const path of ["ticketsDay", "ticketsUsers"]) {
      for (const [query, field] of cases) {
        const res = await t.http.get(`/dashboard/${path}?${query}`, a.token);
        expect([path, query, res.status, res.body.field]).toEqual([path, query, 400, field]);
      }
    }
  });
});
