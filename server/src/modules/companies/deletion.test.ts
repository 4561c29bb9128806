import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { customerSays, pairedSandbox } from "../../test/conversation";
import { deleteMarkedCompanies } from "../../automation/deleteCompanies";
import { startJobs } from "../../jobs/runner";

let t: TestApp;
let root: string;
beforeAll(async () => {
  t = await startTestApp();
  root = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => t?.close());

/** Rows of `companyId` in every table that has a company_id column (the trail kept, events passing through aside). */
async function rowsOf(companyId: number) {
  const tables = await t.built.ctx.database.query<{ table_name: string }>(
    "select table_name from information_schema.columns where table_schema = 'public' and column_name = 'company_id' and table_name not in ('audit_logs', 'domain_events')",
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [{ n }] = await t.built.ctx.database.query<{ n: number }>(`select count(*)::int as n from "${table_name}" where company_id = $1`, [companyId]);
    if (Number(n) > 0) counts[table_name] = Number(n);
  }
  const [{ n }] = await t.built.ctx.database.query<{ n: number }>("select count(*)::int as n from companies where id = $1", [companyId]);
  if (Number(n) > 0) counts.companies = Number(n);
  return counts;
}

/** A company with a connection, a conversation, a queue, a tag, a quick message and a stored file. */
async function busyCompany() {
  const a = await signUpCompany(t.http);
  const w = await pairedSandbox(t.http, a.token, unique("W"));
  const { ticket } = await customerSays(t.http, w, `55119${String(Date.now()).slice(-8)}`, "Oi");
  expect((await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token)).status).toBe(200);
  expect((await t.http.post(`/messages/${ticket.id}`, { body: "Olá!" }, a.token)).status).toBe(200);
  expect((await t.http.post("/queue", { name: unique("Fila "), color: "#aa00bb" }, a.token)).status).toBe(201);
  expect((await t.http.post("/tags", { name: unique("Tag "), color: "#112233" }, a.token)).status).toBe(201);
  const file = await t.built.ctx.media.save(a.company.id, Buffer.from("conteúdo"), "nota.txt");
  return { ...a, file };
}

const deletionAudits = async (companyId: number) =>
  (await t.built.ctx.database.query<{ n: number }>("select count(*)::int as n from audit_logs where action = 'company.deleted' and entity_id = $1", [String(companyId)]))[0].n;

describe("DELETE /companies/:id", () => {
  it("stops the company at once, then the job removes every row and file of it only, once, audited", async () => {
    const doomed = await busyCompany();
    const kept = await busyCompany();
    const keptBefore = await rowsOf(kept.company.id);
    expect(Object.keys(await rowsOf(doomed.company.id))).toEqual(expect.arrayContaining(["tickets", "messages", "contacts", "users", "whatsapps", "queues", "tags", "settings"]));

    const res = await t.http.del(`/companies/${doomed.company.id}`, root);
    expect(res).toMatchObject({ status: 202, body: { company: { id: doomed.company.id, name: doomed.company.name } } });
    // already gone for its users and from the super user's lists, before the job runs
    expect(await t.http.post("/auth/login", { email: doomed.email, password: doomed.password })).toMatchObject({ status: 402, body: { error: "ERR_COMPANY_INACTIVE" } });
    expect((await t.http.get("/companies/list", root)).body.map((c: { id: number }) => c.id)).not.toContain(doomed.company.id);
    expect(await t.http.del(`/companies/${doomed.company.id}`, root)).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });

    const [first, second] = await Promise.all([deleteMarkedCompanies(t.built.ctx), deleteMarkedCompanies(t.built.ctx)]);
    expect(first.deleted + second.deleted).toBe(1);
    expect(await deleteMarkedCompanies(t.built.ctx)).toEqual({ deleted: 0, failed: 0 });

    expect(await rowsOf(doomed.company.id)).toEqual({});
    await expect(t.built.ctx.media.read(doomed.company.id, doomed.file.key)).rejects.toThrow();
    expect(existsSync(path.join(t.config.dataDir, "media", String(doomed.company.id)))).toBe(false);
    expect(existsSync(path.join(t.config.dataDir, "media", String(kept.company.id)))).toBe(true);
    expect(await rowsOf(kept.company.id)).toEqual(keptBefore);
    expect((await t.built.ctx.media.read(kept.company.id, kept.file.key)).toString()).toBe("conteúdo");
    expect((await t.http.login(kept.email, kept.password)).user.companyId).toBe(kept.company.id);

    expect(await deletionAudits(doomed.company.id)).toBe(1);
    const trail = await t.http.get("/audit-logs?action=company.deleted", root);
    expect(trail.body.auditLogs.find((l: { entityId: string }) => l.entityId === String(doomed.company.id))).toMatchObject({ summary: expect.stringContaining(doomed.company.name) });
  });

  it("runs as a durable job of the job runner, queued when asked for", async () => {
    const jobs = await startJobs(t.built.ctx);
    try {
      const doomed = await busyCompany();
      expect((await t.http.del(`/companies/${doomed.company.id}`, root)).status).toBe(202);
      const deadline = Date.now() + 20_000;
      while (Object.keys(await rowsOf(doomed.company.id)).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
      expect(await rowsOf(doomed.company.id)).toEqual({});
      expect(await deletionAudits(doomed.company.id)).toBe(1);
    } finally {
      await jobs.stop();
    }
  }, 60_000);
});
