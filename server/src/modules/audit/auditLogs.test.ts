import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { auditLogs, companies, domainEvents } from "../../db/schema";
import { command } from "../../events/command";
import type { NewEvent } from "../../events/types";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let superToken: string;
let attendant: { id: number; token: string };

/** Records an event as a module's command does, and lets the listeners run. */
async function record(event: NewEvent) {
  await command(t.built.ctx, async (_tx, events) => events.add(event));
  await t.built.ctx.events.drain();
}

const userUpdated = (companyId: number, adminId: number, userId: number, name: string, changed: string[]): NewEvent => ({
  type: "user.updated",
  companyId,
  stream: `user:${userId}`,
  actor: { userId: adminId, ip: "203.0.113.9" },
  data: { userId, name, changed, password: "never-kept", passwordHash: "never-kept" },
});

const rowsOf = (res: { body: { auditLogs: { action: string; companyId: number | null }[] } }) => res.body.auditLogs;

beforeAll(async () => {
  t = await startTestApp({ build: { eventGraceMs: 0 } });
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
  const email = `${unique("clara")}@example.com`;
  const created = await t.http.post("/users", { name: "Clara Lima", email, password: "secret1", profile: "user", queueIds: [] }, a.token);
  expect(created.status).toBe(201);
  attendant = { id: created.body.id, token: (await t.http.login(email, "secret1")).token };
  await record(userUpdated(a.company.id, a.user.id, attendant.id, "Clara Lima", ["name", "profile"]));
  await record(userUpdated(b.company.id, b.user.id, b.user.id, "Dono B", ["email"]));
  // a customer's act (no user) is not an admin's: not kept
  await record({ type: "contact.deleted", companyId: a.company.id, stream: "contact:77", data: { id: 77, name: "Bot" } });
  // an event outside the list is not kept either
  await record({ type: "tag.updated", companyId: a.company.id, stream: "tag:5", actor: { userId: a.user.id, ip: "203.0.113.9" }, data: { id: 5, name: "VIP" } });
});
afterAll(() => t?.close());

describe("GET /audit-logs", () => {
  it("shows an admin their company's changes: actor and name, IP, record, changed fields, never a secret", async () => {
    const res = await t.http.get("/audit-logs", a.token);
    expect(res.status).toBe(200);
    const change = res.body.auditLogs.find((r: { action: string }) => r.action === "user.updated");
    expect(change).toMatchObject({
      companyId: a.company.id,
      userId: a.user.id,
      userName: a.user.name,
      entityType: "user",
      entityId: String(attendant.id),
      ip: "203.0.113.9",
      details: { userId: attendant.id, name: "Clara Lima", changed: ["name", "profile"] },
      summary: "Clara Lima · name, profile",
    });
    expect(Date.parse(change.occurredAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(res.body)).not.toContain("never-kept");
    expect(rowsOf(res).every((r) => r.companyId === a.company.id)).toBe(true);
    expect(rowsOf(res).map((r) => r.action)).not.toContain("contact.deleted");
    expect(rowsOf(res).map((r) => r.action)).not.toContain("tag.updated");
  });

  it("reads a setting's change as key and value, and keeps a secret setting's value out", async () => {
    const setting = (key: string, value: string): NewEvent => ({ type: "setting.updated", companyId: a.company.id, stream: `setting:${key}`, actor: { userId: a.user.id, ip: "203.0.113.9" }, data: { key, value } });
    await record(setting("userCreation", "disabled"));
    await record(setting("asaasToken", "tok_live_123"));
    const rows = (await t.http.get("/audit-logs?action=setting.updated", a.token)).body.auditLogs;
    expect(rows.map((r: { summary: string }) => r.summary)).toEqual(["asaasToken", "userCreation: disabled"]);
    expect(JSON.stringify(rows)).not.toContain("tok_live_123");
  });

  it("refuses an attendant with ERR_NO_PERMISSION", async () => {
    expect(await t.http.get("/audit-logs", attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });

  it("never shows one company's rows to another's admin, whatever the filters", async () => {
    for (const query of ["", "?searchParam=clara", `?companyId=${a.company.id}`, `?userId=${a.user.id}`, "?action=user."]) {
      const res = await t.http.get(`/audit-logs${query}`, b.token);
      expect(res.status).toBe(200);
      expect(rowsOf(res).every((r) => r.companyId === b.company.id)).toBe(true);
      expect(JSON.stringify(res.body)).not.toContain("Clara Lima");
    }
  });

  it("shows the super user every company's rows with the company's name, and one company's on request", async () => {
    const all = await t.http.get("/audit-logs?action=user.updated", superToken);
    expect(all.status).toBe(200);
    const companyIds = rowsOf(all).map((r) => r.companyId);
    expect(companyIds).toEqual(expect.arrayContaining([a.company.id, b.company.id]));
    expect(all.body.auditLogs.find((r: { companyId: number }) => r.companyId === b.company.id).companyName).toBe(b.company.name);
    const onlyB = await t.http.get(`/audit-logs?companyId=${b.company.id}`, superToken);
    expect(rowsOf(onlyB).length).toBeGreaterThan(0);
    expect(rowsOf(onlyB).every((r) => r.companyId === b.company.id)).toBe(true);
  });

  it("filters by user, action (a type or a family), days and text, newest first", async () => {
    await record(userUpdated(a.company.id, attendant.id, attendant.id, "Clara Lima", ["password"]));
    await record({ type: "queue.created", companyId: a.company.id, stream: "queue:3", actor: { userId: a.user.id, ip: "203.0.113.9" }, data: { id: 3, name: "Financeiro" } });
    const get = async (query: string) => (await t.http.get(`/audit-logs?${query}`, a.token)).body;
    expect((await get(`userId=${attendant.id}&action=user.updated`)).auditLogs.map((r: { details: { changed: string[] } }) => r.details.changed)).toEqual([["password"]]);
    expect((await get("action=queue.")).auditLogs.map((r: { summary: string }) => r.summary)).toEqual(["Financeiro"]);
    expect((await get("action=queue.updated")).count).toBe(0);
    const users = await get("action=user.updated");
    expect(users.auditLogs.length).toBe(2);
    expect(users.auditLogs[0].details.changed).toEqual(["password"]); // the newest first
    expect((await get("searchParam=FINANCEIRO")).count).toBe(1);
    expect((await get("searchParam=203.0.113")).count).toBeGreaterThanOrEqual(3);
    const today = new Date();
    const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    const tomorrow = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    expect((await get(`dateFrom=${day(today)}&dateTo=${day(today)}`)).count).toBeGreaterThanOrEqual(3);
    expect((await get(`dateFrom=${day(tomorrow)}`)).count).toBe(0);
    expect((await get("pageNumber=2")).auditLogs).toEqual([]);
  });

  it("offers as filters the users the trail names, and the companies to the super user only", async () => {
    const own = await t.http.get("/audit-logs/filters", a.token);
    expect(own.status).toBe(200);
    expect(own.body.users).toEqual(expect.arrayContaining([{ id: a.user.id, name: a.user.name }]));
    expect(own.body.companies).toEqual([]);
    const other = await t.http.get(`/audit-logs/filters?companyId=${a.company.id}`, b.token);
    expect(other.body.users.map((u: { id: number }) => u.id)).not.toContain(a.user.id);
    const all = await t.http.get("/audit-logs/filters", superToken);
    expect(all.body.companies).toEqual(
      expect.arrayContaining([
        { id: a.company.id, name: a.company.name },
        { id: b.company.id, name: b.company.name },
      ]),
    );
    expect((await t.http.get("/audit-logs/filters", attendant.token)).status).toBe(403);
  });

  it.each([
    ["dateFrom=2024-02-30", "dateFrom"],
    ["dateTo=yesterday", "dateTo"],
    ["dateFrom=2024-05-02&dateTo=2024-05-01", "dateTo"],
    ["action=user%25", "action"],
    ["action=user.updated;drop", "action"],
    ["userId=abc", "userId"],
    ["companyId=-1", "companyId"],
    ["pageNumber=0", "pageNumber"],
    [`searchParam=${"x".repeat(201)}`, "searchParam"],
  ])("answers %s with a 400 naming %s", async (query, field) => {
    const res = await t.http.get(`/audit-logs?${query}`, a.token);
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field } });
  });
});

describe("the audit_logs table", () => {
  it("refuses UPDATE, DELETE and TRUNCATE, even from the application", async () => {
    const db = t.built.ctx.db;
    const before = await db.select().from(auditLogs);
    expect(before.length).toBeGreaterThan(0);
    await expect(db.update(auditLogs).set({ summary: "rewritten" })).rejects.toThrow();
    await expect(db.delete(auditLogs).where(eq(auditLogs.companyId, a.company.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_logs`)).rejects.toThrow();
    expect(await db.select().from(auditLogs)).toEqual(before);
  });

  it("keeps one row for an event delivered again after a crash", async () => {
    const db = t.built.ctx.db;
    const event = userUpdated(a.company.id, a.user.id, attendant.id, "Clara Lima", ["queueIds"]);
    await record(event);
    const [row] = await db
      .select()
      .from(auditLogs)
      .where(sql`${auditLogs.details}->'changed' = '["queueIds"]'::jsonb`);
    // the process stopped before deleting it as dispatched: a sweep hands it to every listener again
    await db.execute(
      sql`insert into domain_events (id, company_id, type, stream, actor_id, data) overriding system value values (${row.eventId}, ${event.companyId}, ${event.type}, ${event.stream}, ${a.user.id}, ${JSON.stringify(event.data)}::jsonb)`,
    );
    expect(await t.built.ctx.events.sweep()).toBeGreaterThanOrEqual(1);
    await t.built.ctx.events.drain();
    expect(await db.select().from(auditLogs).where(eq(auditLogs.eventId, row.eventId))).toHaveLength(1);
    // and the listener took it as done, not as a failure to retry: the event is no longer kept
    expect(await db.select().from(domainEvents).where(eq(domainEvents.id, row.eventId))).toEqual([]);
  });

  it("keeps a deleted company's trail for the super user, with the name it had", async () => {
    await t.built.ctx.db.delete(companies).where(eq(companies.id, b.company.id));
    const res = await t.http.get(`/audit-logs?companyId=${b.company.id}`, superToken);
    expect(res.body.auditLogs.length).toBeGreaterThan(0);
    expect(res.body.auditLogs[0]).toMatchObject({ companyId: b.company.id, companyName: b.company.name, action: "user.updated" });
  });
});
