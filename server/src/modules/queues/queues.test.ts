import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_QUEUE_SCHEDULES } from "@balcao/common";
import { connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { queues } from "../../db/schema";

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const week = (over: Partial<Record<string, [string, string]>> = {}) =>
  DEFAULT_QUEUE_SCHEDULES.map((d) => {
    const [startTime, endTime] = over[d.weekdayEn] ?? [d.startTime, d.endTime];
    return { ...d, startTime, endTime };
  });

describe("GET /queue", () => {
  it("lists the company's queues by orderQueue then name, to any signed-in user of the company", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const rows = await t.built.ctx.db
      .insert(queues)
      .values([
        { companyId: a.company.id, name: "Suporte", color: "#0000ff", orderQueue: 2, greetingMessage: "Olá do suporte", outOfHoursMessage: "Fechado" },
        { companyId: a.company.id, name: "Vendas", color: "#00ff00", orderQueue: 1 },
        { companyId: a.company.id, name: "Avulsa", color: "#ff00ff" },
        { companyId: a.company.id, name: "Cobrança", color: "#ffff00", orderQueue: 2 },
        { companyId: b.company.id, name: "Fila de B", color: "#000000", orderQueue: 0 },
      ])
      .returning();
    const attendant = await createAttendant(t, a.token);
    const res = await t.http.get(`/queue?companyId=${b.company.id}`, attendant.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: rows[1].id, name: "Vendas", color: "#00ff00", greetingMessage: "", outOfHoursMessage: "", orderQueue: 1 },
      { id: rows[3].id, name: "Cobrança", color: "#ffff00", greetingMessage: "", outOfHoursMessage: "", orderQueue: 2 },
      { id: rows[0].id, name: "Suporte", color: "#0000ff", greetingMessage: "Olá do suporte", outOfHoursMessage: "Fechado", orderQueue: 2 },
      { id: rows[2].id, name: "Avulsa", color: "#ff00ff", greetingMessage: "", outOfHoursMessage: "", orderQueue: null },
    ]);
    expect((await t.http.get("/queue", b.token)).body.map((q: { name: string }) => q.name)).toEqual(["Fila de B"]);
    expect((await t.http.get("/queue")).status).toBe(401);
  });
});

describe("POST /queue", () => {
  it("creates a queue for admins, with the spec's rules and unique colours", async () => {
    const a = await signUpCompany(t.http);
    const res = await t.http.post("/queue", { name: "Financeiro", color: "#123abc", greetingMessage: "Olá!" }, a.token);
    expect(res).toMatchObject({ status: 201, body: { name: "Financeiro", color: "#123abc", greetingMessage: "Olá!", orderQueue: null } });
    expect(await t.http.post("/queue", { name: "Outra", color: "#123abc" }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" } });
    expect(await t.http.post("/queue", { name: "F", color: "#000" }, a.token)).toMatchObject({ status: 400, body: { field: "name", message: "name: Too Short!" } });
    expect(await t.http.post("/queue", { name: "x".repeat(51), color: "#000" }, a.token)).toMatchObject({ status: 400, body: { field: "name", message: "name: Too Long!" } });
    expect(await t.http.post("/queue", { color: "#000" }, a.token)).toMatchObject({ status: 400, body: { field: "name", message: "name: Required" } });
    expect(await t.http.post("/queue", { name: "Cor", color: "#1" }, a.token)).toMatchObject({ status: 400, body: { field: "color", message: "color: Too Short!" } });
    expect(await t.http.post("/queue", { name: "Cor", color: "#1234567890" }, a.token)).toMatchObject({ status: 400, body: { field: "color", message: "color: Too Long!" } });
    expect(await t.http.post("/queue", { name: "Cor" }, a.token)).toMatchObject({ status: 400, body: { field: "color", message: "color: Required" } });
    const attendant = await createAttendant(t, a.token);
    expect(await t.http.post("/queue", { name: "Nope", color: "#999999" }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });

  it("gives a queue without hours the default week, in Portuguese with English keys", async () => {
    const a = await signUpCompany(t.http);
    const res = await t.http.post("/queue", { name: "Padrão", color: "#aaa" }, a.token);
    expect(res.status).toBe(201);
    expect(res.body.schedules).toEqual([
      { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Quarta-feira", weekdayEn: "wednesday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Quinta-feira", weekdayEn: "thursday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Sexta-feira", weekdayEn: "friday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Sábado", weekdayEn: "saturday", startTime: "08:00", endTime: "12:00" },
      { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
    ]);
    expect((await t.http.get(`/queue/${res.body.id}`, a.token)).body.schedules).toEqual(res.body.schedules);
  });

  it("stores the schedules and promptId it is given, and refuses times that are not HH:MM", async () => {
    const a = await signUpCompany(t.http);
    const schedules = week({ monday: ["09:30", "17:45"], sunday: ["10:00", "14:00"] });
    const res = await t.http.post("/queue", { name: "Plantão", color: "#bbb", orderQueue: "3", schedules, promptId: 7 }, a.token);
    expect(res).toMatchObject({ status: 201, body: { orderQueue: 3, promptId: 7, integrationId: null, schedules } });
    const bad = (startTime: string) => t.http.post("/queue", { name: "Ruim", color: "#ccc", schedules: week({ tuesday: [startTime, "18:00"] }) }, a.token);
    for (const time of ["8:00", "24:00", "08:60", "0800", "ab:cd"]) {
      expect(await bad(time)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "schedules.1.startTime" } });
    }
    const twice = await t.http.post("/queue", { name: "Ruim", color: "#ccc", schedules: [schedules[0], schedules[0]] }, a.token);
    expect(twice).toMatchObject({ status: 400, body: { field: "schedules.1.weekdayEn" } });
    const unknownDay = await t.http.post("/queue", { name: "Ruim", color: "#ccc", schedules: [{ ...schedules[0], weekdayEn: "funday" }] }, a.token);
    expect(unknownDay).toMatchObject({ status: 400, body: { field: "schedules.0.weekdayEn" } });
  });
});

describe("GET/PUT/DELETE /queue/:id", () => {
  it("shows a whole queue to users of its company only", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const { body: queue } = await t.http.post("/queue", { name: "Vendas", color: "#111", greetingMessage: "Oi", outOfHoursMessage: "Fechados" }, a.token);
    const attendant = await createAttendant(t, a.token);
    const shown = await t.http.get(`/queue/${queue.id}`, attendant.token);
    expect(shown).toMatchObject({
      status: 200,
      body: { id: queue.id, name: "Vendas", color: "#111", greetingMessage: "Oi", outOfHoursMessage: "Fechados", orderQueue: null, promptId: null, schedules: expect.any(Array) },
    });
    expect(await t.http.get(`/queue/${queue.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_QUEUE_NOT_FOUND" } });
    expect(await t.http.get("/queue/999999", a.token)).toMatchObject({ status: 404, body: { error: "ERR_QUEUE_NOT_FOUND" } });
    expect(await t.http.get("/queue/abc", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
  });

  it("updates a queue for admins, keeps the hours when none are sent, and announces it to the company", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const { body: queue } = await t.http.post("/queue", { name: "Vendas", color: "#111" }, a.token);
    await t.http.post("/queue", { name: "Suporte", color: "#222" }, a.token);
    const socket = await connectSocket(t.url, a.token);
    const other = await connectSocket(t.url, b.token);
    try {
      const event = nextEvent(socket, `company-${a.company.id}-queue`);
      const leaked = nextEvent(other, `company-${a.company.id}-queue`, 500);
      const res = await t.http.put(`/queue/${queue.id}`, { name: "Vendas B2B", color: "#333", orderQueue: 1, greetingMessage: "Bem-vindo" }, a.token);
      expect(res).toMatchObject({ status: 200, body: { id: queue.id, name: "Vendas B2B", color: "#333", orderQueue: 1, greetingMessage: "Bem-vindo", schedules: week() } });
      expect(await event).toMatchObject({ action: "update", queue: { id: queue.id, name: "Vendas B2B" } });
      expect(await leaked).toBeNull();

      const hours = week({ friday: ["08:00", "16:00"] });
      expect((await t.http.put(`/queue/${queue.id}`, { name: "Vendas B2B", color: "#333", schedules: hours }, a.token)).body.schedules).toEqual(hours);
      expect(await t.http.put(`/queue/${queue.id}`, { name: "Vendas B2B", color: "#222" }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_QUEUE_COLOR_ALREADY_EXISTS" } });
      expect(await t.http.put(`/queue/${queue.id}`, { name: "V", color: "#333" }, a.token)).toMatchObject({ status: 400, body: { field: "name" } });
      expect(await t.http.put(`/queue/${queue.id}`, { name: "Vendas", color: "#333", schedules: week({ monday: ["08:00", "25:00"] }) }, a.token)).toMatchObject({
        status: 400,
        body: { field: "schedules.0.endTime" },
      });

      const attendant = await createAttendant(t, a.token);
      expect(await t.http.put(`/queue/${queue.id}`, { name: "Tomada", color: "#444" }, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await t.http.put(`/queue/${queue.id}`, { name: "Tomada", color: "#444" }, b.token)).toMatchObject({ status: 404, body: { error: "ERR_QUEUE_NOT_FOUND" } });
      expect((await t.http.get(`/queue/${queue.id}`, a.token)).body).toMatchObject({ name: "Vendas B2B", color: "#333", schedules: hours });
    } finally {
      socket.close();
      other.close();
    }
  });

  it("deletes a queue for admins only, announcing the id; another company's queue is not found", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const { body: queue } = await t.http.post("/queue", { name: "Temporária", color: "#555" }, a.token);
    const attendant = await createAttendant(t, a.token, { queueIds: [queue.id] });
    expect(await t.http.del(`/queue/${queue.id}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.del(`/queue/${queue.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_QUEUE_NOT_FOUND" } });

    const socket = await connectSocket(t.url, a.token);
    try {
      const event = nextEvent(socket, `company-${a.company.id}-queue`);
      expect((await t.http.del(`/queue/${queue.id}`, a.token)).status).toBe(200);
      expect(await event).toEqual({ action: "delete", queueId: queue.id });
    } finally {
      socket.close();
    }
    expect(await t.http.get(`/queue/${queue.id}`, a.token)).toMatchObject({ status: 404 });
    expect((await t.http.get("/queue", a.token)).body).toEqual([]);
    expect((await t.http.get(`/users/${attendant.id}`, a.token)).body.queues).toEqual([]);
    expect(await t.http.del(`/queue/${queue.id}`, a.token)).toMatchObject({ status: 404, body: { error: "ERR_QUEUE_NOT_FOUND" } });
  });
});
