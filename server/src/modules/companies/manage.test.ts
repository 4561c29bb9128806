import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { advanceDueDate } from "@balcao/common";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { createAttendant } from "../../test/workspaceFixtures";
import { messages, settings } from "../../db/schema";

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await startTestApp();
  root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => t?.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: unique("Empresa "),
  email: `${unique("contato")}@example.com`,
  phone: "(11) 98888-7777",
  planId: 1,
  status: true,
  campaignsEnabled: true,
  dueDate: "2099-03-15",
  recurrence: "MENSAL",
  ...over,
});

describe("companies: permissions", () => {
  it("answers 403 ERR_NO_PERMISSION to admins and attendants for the list and every write, whatever the body", async () => {
    const a = await signUpCompany(t.http);
    const attendant = await createAttendant(t, a.token);
    for (const token of [a.token, attendant.token]) {
      expect(await t.http.get("/companies", token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await t.http.get("/companies/list", token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await t.http.post("/companies", { junk: 1 }, token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await t.http.put(`/companies/${a.company.id}`, body(), token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await t.http.del(`/companies/${a.company.id}`, token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
    expect((await t.http.get("/companies")).status).toBe(401);
    expect((await t.http.get(`/companies/${a.company.id}`, a.token)).body.status).toBe(true);
  });
});

describe("companies: the super user's form and table", () => {
  it("creates with every field, its first admin signing in with the company's email, and lists it paged and searched", async () => {
    const input = body({ password: "secret1", recurrence: "TRIMESTRAL", campaignsEnabled: false });
    const created = await t.http.post("/companies", input, root);
    expect(created).toMatchObject({
      status: 201,
      body: { name: input.name, email: input.email, phone: "11988887777", planId: 1, plan: { id: 1, name: "Plano 1" }, status: true, campaignsEnabled: false, dueDate: "2099-03-15", recurrence: "TRIMESTRAL" },
    });
    const owner = await t.http.login(input.email, "secret1");
    expect(owner.user).toMatchObject({ profile: "admin", super: false, companyId: created.body.id });

    const page = await t.http.get(`/companies?searchParam=${encodeURIComponent(input.name.toLowerCase())}&pageNumber=1`, root);
    expect(page).toMatchObject({ status: 200, body: { count: 1, hasMore: false, companies: [{ id: created.body.id, campaignsEnabled: false }] } });
    const all = await t.http.get("/companies/list", root);
    expect(all.body.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([1, created.body.id]));
    const first = await t.http.get("/companies?pageNumber=1", root);
    expect(first.body.companies.length).toBeLessThanOrEqual(20);
    expect(first.body.count).toBeGreaterThanOrEqual(2);
  });

  it("sends an empty or impossible due date as null and creates without a user when no password is given", async () => {
    expect((await t.http.post("/companies", body({ dueDate: "" }), root)).body.dueDate).toBeNull();
    expect((await t.http.post("/companies", body({ dueDate: "2099-02-30" }), root)).body.dueDate).toBeNull();
    expect((await t.http.post("/companies", body({ dueDate: null }), root)).body.dueDate).toBeNull();
    const noUser = body();
    expect((await t.http.post("/companies", noUser, root)).status).toBe(201);
    expect((await t.http.post("/auth/login", { email: noUser.email, password: "secret1" })).status).toBe(401);
  });

  it.each([
    [{ email: undefined }, "email", "Required"],
    [{ email: "nope" }, "email", "Invalid email"],
    [{ planId: undefined }, "planId", "Required"],
    [{ name: "A" }, "name", "Too Short!"],
    [{ recurrence: "SEMANAL" }, "recurrence", "Invalid value"],
    [{ phone: "123" }, "phone", "Too Short!"],
    [{ password: "1234" }, "password", "Too Short!"],
  ])("rejects %j with a 400 naming %s", async (override, field, message) => {
    const res = await t.http.post("/companies", body(override), root);
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: ${message}` } });
  });

  it("refuses a taken name, an unknown plan and a taken admin email, creating nothing", async () => {
    const first = body();
    expect((await t.http.post("/companies", first, root)).status).toBe(201);
    expect(await t.http.post("/companies", body({ name: first.name }), root)).toMatchObject({ status: 400, body: { error: "ERR_COMPANY_NAME_ALREADY_EXISTS" } });
    expect(await t.http.post("/companies", body({ planId: 999999 }), root)).toMatchObject({ status: 400, body: { error: "ERR_NO_PLAN_FOUND" } });
    const taken = body({ email: ADMIN.email, password: "secret1" });
    expect(await t.http.post("/companies", taken, root)).toMatchObject({ status: 400, body: { error: "ERR_EMAIL_ALREADY_EXISTS" } });
    expect((await t.http.get(`/companies?searchParam=${encodeURIComponent(taken.name.toLowerCase())}`, root)).body.count).toBe(0);
  });

  it("updates every field; campaignsEnabled is the company's setting; the audit log keeps who changed what", async () => {
    const created = (await t.http.post("/companies", body({ password: "secret1" }), root)).body;
    const next = body({ name: unique("Renomeada "), email: created.email, phone: "", campaignsEnabled: false, recurrence: "ANUAL", dueDate: "2099-06-01" });
    const res = await t.http.put(`/companies/${created.id}`, next, root);
    expect(res).toMatchObject({ status: 200, body: { id: created.id, name: next.name, phone: null, campaignsEnabled: false, recurrence: "ANUAL", dueDate: "2099-06-01" } });
    const [flag] = await t.built.ctx.db
      .select()
      .from(settings)
      .where(and(eq(settings.companyId, created.id), eq(settings.key, "campaignsEnabled")));
    expect(flag.value).toBe("false");
    const trail = await t.http.get(`/audit-logs?action=company.`, root);
    const mine = trail.body.auditLogs.filter((l: { entityId: string }) => l.entityId === String(created.id));
    expect(mine.map((l: { action: string }) => l.action).sort()).toEqual(["company.created", "company.updated"]);
    expect(mine.find((l: { action: string }) => l.action === "company.updated").details.changed).toEqual(expect.arrayContaining(["name", "phone", "dueDate", "recurrence", "campaignsEnabled"]));

    const other = (await t.http.post("/companies", body(), root)).body;
    expect(await t.http.put(`/companies/${other.id}`, body({ name: next.name }), root)).toMatchObject({ status: 400, body: { error: "ERR_COMPANY_NAME_ALREADY_EXISTS" } });
    expect(await t.http.put("/companies/999999", body(), root)).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
  });

  it.each([
    ["MENSAL", "2030-01-31", "2030-02-28"],
    ["BIMESTRAL", "2030-01-31", "2030-03-31"],
    ["TRIMESTRAL", "2030-01-31", "2030-04-30"],
    ["SEMESTRAL", "2030-01-15", "2030-07-15"],
    ["ANUAL", "2030-02-10", "2031-02-10"],
  ])("'+ Vencimento' on %s moves %s to %s, and the company keeps it", async (recurrence, from, to) => {
    expect(advanceDueDate(from, recurrence)).toBe(to);
    const created = (await t.http.post("/companies", body({ recurrence, dueDate: from }), root)).body;
    const saved = await t.http.put(`/companies/${created.id}`, { ...body({ name: created.name, email: created.email, recurrence }), dueDate: advanceDueDate(created.dueDate, created.recurrence) }, root);
    expect(saved).toMatchObject({ status: 200, body: { dueDate: to, recurrence } });
    expect((await t.http.get(`/companies/${created.id}`, root)).body.dueDate).toBe(to);
  });

  it("never deactivates nor deletes the platform's own company", async () => {
    const platform = (await t.http.get("/companies/1", root)).body;
    expect(await t.http.put("/companies/1", body({ name: platform.name, email: "admin@admin.com", status: false }), root)).toMatchObject({ status: 400, body: { error: "ERR_PLATFORM_COMPANY" } });
    expect(await t.http.del("/companies/1", root)).toMatchObject({ status: 400, body: { error: "ERR_PLATFORM_COMPANY" } });
    // still signed in: a new sign-in (which ends the earlier session) is kept for the tests that follow
    root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
  });
});

describe("an inactive company", () => {
  it("cannot sign in (ERR_COMPANY_INACTIVE), sends nothing while its customers' messages are stored, and works again once active", async () => {
    const a = await signUpCompany(t.http);
    const w = await pairedSandbox(t.http, a.token, unique("W"));
    const number = "5511955550000";
    const { ticket } = await customerSays(t.http, w, number, "Oi");
    expect((await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token)).status).toBe(200);
    const form = { name: a.company.name, email: a.email, planId: 1, dueDate: "2099-12-31", recurrence: "MENSAL", campaignsEnabled: true };

    const off = await t.http.put(`/companies/${a.company.id}`, { ...form, status: false }, root);
    expect(off, JSON.stringify(off.body)).toMatchObject({ status: 200, body: { status: false } });
    expect(await t.http.post("/auth/login", { email: a.email, password: a.password })).toMatchObject({ status: 402, body: { error: "ERR_COMPANY_INACTIVE" } });
    expect(await t.http.post(`/messages/${ticket.id}`, { body: "Resposta" }, a.token)).toMatchObject({ status: 402, body: { error: "ERR_COMPANY_INACTIVE" } });
    expect(await t.http.post("/api/messages/send", { number, body: "Pela API" }, w.token)).toMatchObject({ status: 402, body: { error: "ERR_COMPANY_INACTIVE" } });
    expect(await customerSays(t.http, w, number, "Alguém aí?")).toMatchObject({ duplicate: false, ticket: { id: ticket.id } });
    const stored = await t.built.ctx.db.select({ body: messages.body, fromMe: messages.fromMe }).from(messages).where(eq(messages.ticketId, ticket.id));
    expect(stored).toEqual([
      { body: "Oi", fromMe: false },
      { body: "Alguém aí?", fromMe: false },
    ]);

    expect((await t.http.put(`/companies/${a.company.id}`, { ...form, status: true }, root)).body.status).toBe(true);
    const back = await t.http.login(a.email, a.password);
    expect((await t.http.post(`/messages/${ticket.id}`, { body: "Estamos aqui" }, back.token)).status).toBe(200);
  });
});
