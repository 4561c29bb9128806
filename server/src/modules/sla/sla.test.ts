import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { queues, slaBreaches, ticketTrackings } from "../../db/schema";
import { runSlaSweep } from "../../automation/slaSweep";
import { businessDueAt } from "./businessClock";

let t: TestApp;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

let seq = 0;
const newNumber = () => `55119${String(Date.now()).slice(-6)}${String(++seq).padStart(2, "0")}`;
const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"];
const NINE_TO_SIX = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map((d) => ({
  weekday: d,
  weekdayEn: d,
  startTime: WEEKDAYS.includes(d) ? "09:00" : "00:00",
  endTime: WEEKDAYS.includes(d) ? "18:00" : "00:00",
}));
const cycleOf = async (ticketId: number) => (await t.built.ctx.db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticketId)))[0];
const setting = (token: string, key: string, value: string) => t.http.put(`/settings/${key}`, { key, value }, token);

/** A company timed in UTC on the queue's hours, a queue with targets, a supervisor of it, and a customer's ticket in it. */
async function timedTicket() {
  const a = await signUpCompany(t.http);
  expect((await setting(a.token, "timeZone", "UTC")).status).toBe(200);
  expect((await setting(a.token, "scheduleType", "queue")).status).toBe(200);
  const q = await t.http.post("/queue", { name: "Suporte", color: "#224466", schedules: NINE_TO_SIX, slaFirstResponseMinutes: 60, slaResolutionMinutes: 240 }, a.token);
  expect(q.status).toBe(201);
  expect(q.body).toMatchObject({ slaFirstResponseMinutes: 60, slaResolutionMinutes: 240 });
  const wa = await pairedSandbox(t.http, a.token);
  const { ticket } = await customerSays(t.http, wa, newNumber(), "Oi");
  expect((await t.http.put(`/tickets/${ticket.id}`, { queueId: q.body.id }, a.token)).status).toBe(200);
  return { a, queue: q.body as { id: number }, ticketId: ticket.id as number };
}

describe("SLA targets", () => {
  it("refuses a target that is not whole minutes 1..525600, naming the field, and changes nothing", async () => {
    const a = await signUpCompany(t.http);
    for (const bad of [0, -5, 1.5, 525_601, "abc"]) {
      const res = await t.http.post("/queue", { name: "Fila X", color: "#101010", slaFirstResponseMinutes: bad }, a.token);
      expect(res.status).toBe(400);
      expect(res.body.field).toBe("slaFirstResponseMinutes");
    }
    const res = await t.http.post("/queue", { name: "Fila X", color: "#101010", slaResolutionMinutes: 0 }, a.token);
    expect(res.body.field).toBe("slaResolutionMinutes");
    expect((await t.http.get("/queue", a.token)).body).toEqual([]);
    for (const bad of ["0", "abc", "525601", "1.5"]) {
      const put = await setting(a.token, "slaFirstResponseMinutes", bad);
      expect(put.status).toBe(400);
      expect(put.body.field).toBe("value");
    }
    const list = (await t.http.get("/settings", a.token)).body as { key: string; value: string }[];
    expect(list.find((s) => s.key === "slaFirstResponseMinutes")?.value ?? "").toBe("");
    expect((await setting(a.token, "slaResolutionMinutes", "480")).status).toBe(200);
  });

  it("keeps a queue's targets when an edit leaves them out, and clears them with an empty value", async () => {
    const a = await signUpCompany(t.http);
    const q = await t.http.post("/queue", { name: "Vendas", color: "#334455", slaFirstResponseMinutes: "30" }, a.token);
    expect(q.body).toMatchObject({ slaFirstResponseMinutes: 30, slaResolutionMinutes: null });
    expect((await t.http.put(`/queue/${q.body.id}`, { name: "Vendas 2", color: "#334455" }, a.token)).body.slaFirstResponseMinutes).toBe(30);
    expect((await t.http.put(`/queue/${q.body.id}`, { name: "Vendas 2", color: "#334455", slaFirstResponseMinutes: "" }, a.token)).body.slaFirstResponseMinutes).toBeNull();
  });
});

describe("a ticket's SLA", () => {
  it("is due in the queue's business hours and shows in the ticket's view", async () => {
    const { a, ticketId } = await timedTicket();
    await expect.poll(async () => (await cycleOf(ticketId)).slaStampedAt, { timeout: 5_000 }).not.toBeNull();
    const cycle = await cycleOf(ticketId);
    expect(cycle.firstResponseDueAt).toEqual(businessDueAt(NINE_TO_SIX, "UTC", cycle.queuedAt, 60));
    expect(cycle.resolutionDueAt).toEqual(businessDueAt(NINE_TO_SIX, "UTC", cycle.queuedAt, 240));
    const view = (await t.http.get(`/tickets/${ticketId}`, a.token)).body;
    expect(view.sla).toMatchObject({
      firstResponseDueAt: cycle.firstResponseDueAt!.toISOString(),
      firstResponseMinutes: 60,
      resolutionDueAt: cycle.resolutionDueAt!.toISOString(),
      resolutionMinutes: 240,
      firstResponseAt: null,
    });
    const page = (await t.http.get(`/tickets?status=pending&showAll=true`, a.token)).body;
    expect(page.tickets.find((x: { id: number }) => x.id === ticketId).sla).toEqual(view.sla);
  });

  it("counts from Friday evening into Monday with the company's default targets", async () => {
    const { a, ticketId } = await timedTicket();
    await expect.poll(async () => (await cycleOf(ticketId)).slaStampedAt, { timeout: 5_000 }).not.toBeNull();
    // a cycle queued on Friday 17:30 UTC, timed again by the sweep
    await t.built.ctx.db
      .update(ticketTrackings)
      .set({ queuedAt: new Date("2026-03-06T17:30:00Z"), slaStampedAt: null })
      .where(eq(ticketTrackings.ticketId, ticketId));
    await runSlaSweep(t.built.ctx, new Date("2026-03-06T17:31:00Z"));
    const cycle = await cycleOf(ticketId);
    expect(cycle.firstResponseDueAt?.toISOString()).toBe("2026-03-09T09:30:00.000Z");
    expect(cycle.resolutionDueAt?.toISOString()).toBe("2026-03-09T12:30:00.000Z");
    const view = (await t.http.get(`/tickets/${ticketId}`, a.token)).body;
    expect(view.sla.firstResponseBreached).toBe(true);
  });

  it("warns the queue's supervisor once, near the due instant, and no one else; records the breach once", async () => {
    const { a, queue, ticketId } = await timedTicket();
    const supervisor = await createAttendant(t, a.token, { profile: "supervisor", queueIds: [queue.id] });
    const otherSupervisor = await createAttendant(t, a.token, { profile: "supervisor", queueIds: [] });
    const attendant = await createAttendant(t, a.token, { profile: "user", queueIds: [queue.id] });
    const b = await signUpCompany(t.http);
    const [sup, other, att, foreign] = await Promise.all([supervisor, otherSupervisor, attendant, b].map((u) => connectSocket(t.url, u.token)));
    sockets.push(sup, other, att, foreign);
    await expect.poll(async () => (await cycleOf(ticketId)).slaStampedAt, { timeout: 5_000 }).not.toBeNull();
    const due = (await cycleOf(ticketId)).firstResponseDueAt!;
    const event = `company-${a.company.id}-sla`;
    const heard = (s: Socket, ms = 2_000) => nextEvent(s, event, ms, (p: { ticketId: number }) => p.ticketId === ticketId);
    const quiet = [heard(other, 1_500), heard(att, 1_500), nextEvent(foreign, `company-${b.company.id}-sla`, 1_500)];

    // 20 minutes before: 20% of 60 is 12 minutes, so not near yet
    const early = heard(sup, 1_000);
    await runSlaSweep(t.built.ctx, new Date(due.getTime() - 20 * 60_000));
    expect(await early).toBeNull();
    const near = heard(sup);
    await runSlaSweep(t.built.ctx, new Date(due.getTime() - 10 * 60_000));
    expect(await near).toEqual({ action: "nearBreach", kind: "firstResponse", ticketId, ticketUuid: expect.any(String), queueId: queue.id, dueAt: due.toISOString() });
    const again = heard(sup, 1_000);
    await runSlaSweep(t.built.ctx, new Date(due.getTime() - 5 * 60_000));
    expect(await again).toBeNull();
    expect(await Promise.all(quiet)).toEqual([null, null, null]);

    const breach = heard(sup);
    await runSlaSweep(t.built.ctx, new Date(due.getTime() + 60_000));
    expect(await breach).toMatchObject({ action: "breach", kind: "firstResponse", ticketId });
    await runSlaSweep(t.built.ctx, new Date(due.getTime() + 2 * 60_000));
    const rows = await t.built.ctx.db
      .select()
      .from(slaBreaches)
      .where(and(eq(slaBreaches.companyId, a.company.id), eq(slaBreaches.ticketId, ticketId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "firstResponse", queueId: queue.id, dueAt: due });
  });
});

describe("GET /reports/sla", () => {
  it("answers met, breached, median and p90 per day, queue and attendant, for the caller's company only", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    await setting(a.token, "timeZone", "UTC");
    const [queue] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Suporte", color: "#445566" }).returning();
    const agent = await createAttendant(t, a.token, { name: "Bia" });
    const contact = await insertContact(t, a.company.id);
    const at = (hhmm: string, day = "2026-03-02") => new Date(`${day}T${hhmm}:00Z`);
    const cycle = async (companyId: number, contactId: number, fr: string, fin: string, day = "2026-03-02") => {
      const ticket = await insertTicket(t, companyId, contactId, { status: "closed" });
      await t.built.ctx.db.insert(ticketTrackings).values({
        companyId,
        ticketId: ticket.id,
        userId: agent.id,
        slaQueueId: queue.id,
        queuedAt: at("10:00", day),
        firstResponseAt: at(fr, day),
        finishedAt: at(fin, day),
        firstResponseDueAt: at("10:30", day),
        resolutionDueAt: at("12:00", day),
      });
    };
    await cycle(a.company.id, contact.id, "10:10", "11:00");
    await cycle(a.company.id, contact.id, "10:40", "13:00");
    await cycle(a.company.id, contact.id, "10:20", "11:30");
    await cycle(a.company.id, contact.id, "10:05", "10:30", "2026-03-03");
    const foreignContact = await insertContact(t, b.company.id);
    await cycle(b.company.id, foreignContact.id, "10:50", "14:00");

    const res = await t.http.get("/reports/sla?from=2026-03-02&to=2026-03-03", a.token);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      {
        day: "2026-03-02",
        queue: { id: queue.id, name: "Suporte" },
        user: { id: agent.id, name: "Bia" },
        cycles: 3,
        firstResponse: { met: 2, breached: 1, medianSeconds: 1200, p90Seconds: 2160 },
        resolution: { met: 2, breached: 1, medianSeconds: 5400, p90Seconds: 9720 },
      },
      {
        day: "2026-03-03",
        queue: { id: queue.id, name: "Suporte" },
        user: { id: agent.id, name: "Bia" },
        cycles: 1,
        firstResponse: { met: 1, breached: 0, medianSeconds: 300, p90Seconds: 300 },
        resolution: { met: 1, breached: 0, medianSeconds: 1800, p90Seconds: 1800 },
      },
    ]);
    // the other company sees its own cycle only, and no name of the first company's records
    const foreign = (await t.http.get("/reports/sla?from=2026-03-02&to=2026-03-03", b.token)).body.rows;
    expect(foreign).toHaveLength(1);
    expect(foreign[0]).toMatchObject({ cycles: 1, queue: { name: null }, user: { name: null }, firstResponse: { met: 0, breached: 1, medianSeconds: 3000 } });

    const csv = await t.http.request("GET", "/reports/sla?from=2026-03-02&to=2026-03-02&format=csv", { token: a.token, headers: { accept: "text/csv" } });
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain("2026-03-02,Suporte,Bia,3,2,1,1200,2160,2,1,5400,9720");
    // headers in the caller's language: lang, else Accept-Language, else Portuguese
    const header = async (query: string, acceptLanguage?: string) => {
      const res = await t.http.request("GET", `/reports/sla?from=2026-03-02&to=2026-03-02&format=csv${query}`, { token: a.token, headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} });
      expect(res.status).toBe(200);
      return String(res.body)
        .replace(/^\uFEFF/, "")
        .split("\r\n")[0];
    };
    expect(await header("&lang=pt", "es")).toBe(
      "Dia,Fila,Atendente,Atendimentos,1ª resposta cumpridos,1ª resposta estourados,1ª resposta mediana (s),1ª resposta p90 (s),Resolução cumpridos,Resolução estourados,Resolução mediana (s),Resolução p90 (s)",
    );
    expect(await header("&lang=es")).toMatch(/^Día,Cola,Agente,Atenciones,1\.ª respuesta cumplidos,/);
    expect(await header("", "es-MX,en;q=0.5")).toMatch(/^Día,Cola,Agente,/);
    expect(await header("", "de")).toMatch(/^Dia,Fila,Atendente,/);
  });

  it("refuses attendants and bad periods", async () => {
    const a = await signUpCompany(t.http);
    const agent = await createAttendant(t, a.token);
    expect((await t.http.get("/reports/sla?from=2026-03-02&to=2026-03-03", agent.token)).status).toBe(403);
    const bad = await t.http.get("/reports/sla?from=2026-03-05&to=2026-03-01", a.token);
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe("to");
    const badLang = await t.http.get("/reports/sla?from=2026-03-02&to=2026-03-03&format=csv&lang=PT", a.token);
    expect(badLang.status).toBe(400);
    expect(badLang.body.field).toBe("lang");
  });
});
