import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { ADMIN, freshDatabaseUrl, signUpCompany, startTestApp, unique, type StartOptions, type TestApp } from "../../test/harness";
import { companies, invoices, plans } from "../../db/schema";
import { makeDueInvoices } from "../../automation/makeDueInvoices";
import { addDays, today } from "../companies/dueDate";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const invoicesOf = (companyId: number) => t.built.ctx.db.select().from(invoices).where(eq(invoices.companyId, companyId));
const dueOn = (companyId: number, dueDate: string) => t.built.ctx.db.update(companies).set({ dueDate }).where(eq(companies.id, companyId));

describe("invoices", () => {
  it("a new company's trial ends within the days ahead: its invoice is made once, however often the job runs", async () => {
    const a = await signUpCompany(t.http);
    await Promise.all([makeDueInvoices(t.built.ctx), makeDueInvoices(t.built.ctx), makeDueInvoices(t.built.ctx)]);
    await makeDueInvoices(t.built.ctx);
    const made = await invoicesOf(a.company.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ detail: "Plano 1", value: 30, dueDate: a.company.dueDate, status: "open" });

    const res = await t.http.get("/invoices/all?searchParam=&pageNumber=1", a.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id: made[0].id, detail: "Plano 1", value: 30, dueDate: a.company.dueDate, status: "open" })]);
    // the provider's ids never leave the server
    expect(Object.keys(res.body[0])).not.toContain("chargeId");
    expect((await t.http.get(`/invoices/${made[0].id}`, a.token)).body).toMatchObject({ id: made[0].id });
  });

  it("are made for a due date at most 10 days away, not before, and never for a free plan or the platform", async () => {
    const a = await signUpCompany(t.http);
    await dueOn(a.company.id, addDays(today(), 11));
    await makeDueInvoices(t.built.ctx);
    expect(await invoicesOf(a.company.id)).toHaveLength(0);
    await dueOn(a.company.id, addDays(today(), 10));
    await makeDueInvoices(t.built.ctx);
    expect(await invoicesOf(a.company.id)).toHaveLength(1);

    const [free] = await t.built.ctx.db
      .insert(plans)
      .values({ name: unique("Free "), value: 0, users: 5, connections: 5, queues: 5 })
      .returning();
    const b = await signUpCompany(t.http, { planId: free.id });
    await makeDueInvoices(t.built.ctx);
    expect(await invoicesOf(b.company.id)).toHaveLength(0);
    expect(await invoicesOf(1)).toHaveLength(0);
  });

  it("an invoice the job missed while the server was down is made at its next run, once", async () => {
    const a = await signUpCompany(t.http);
    await dueOn(a.company.id, addDays(today(), -3));
    const before = await invoicesOf(a.company.id);
    await makeDueInvoices(t.built.ctx);
    const after = await invoicesOf(a.company.id);
    expect(after.length - before.length).toBe(1);
    expect(after.map((i) => i.dueDate)).toContain(addDays(today(), -3));
  });

  it("are listed, searched and paged for the company's admins only, never another company's", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    for (let i = 1; i <= 22; i++) await t.built.ctx.db.insert(invoices).values({ companyId: a.company.id, detail: `Plano antigo ${i}`, value: 10, dueDate: addDays("2025-01-01", i) });
    const page1 = await t.http.get("/invoices/all?pageNumber=1", a.token);
    const page2 = await t.http.get("/invoices/all?pageNumber=2", a.token);
    expect(page1.body).toHaveLength(20);
    expect(page2.body).toHaveLength(3);
    expect(new Set([...page1.body, ...page2.body].map((i: { id: number }) => i.id)).size).toBe(23);
    const found = await t.http.get("/invoices/all?searchParam=antigo%2021", a.token);
    expect(found.body.map((i: { detail: string }) => i.detail)).toEqual(["Plano antigo 21"]);

    const theirs = (await invoicesOf(a.company.id))[0];
    expect((await t.http.get(`/invoices/${theirs.id}`, b.token)).status).toBe(404);
    expect((await t.http.get("/invoices/all", b.token)).body.every((i: { companyId: number }) => i.companyId === b.company.id)).toBe(true);

    const attendant = await t.http.post("/users", { name: "Ana", email: `${unique("ana")}@example.com`, password: "secret12", profile: "user" }, a.token);
    const session = await t.http.login(attendant.body.email, "secret12");
    expect(await t.http.get("/invoices/all", session.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.get("/invoices/all")).status).toBe(401);
    expect((await t.http.get("/invoices/all?pageNumber=0", a.token)).status).toBe(400);
  });

  it("answer the super user for their own company only", async () => {
    const root = await t.http.login(ADMIN.email, ADMIN.password);
    const res = await t.http.get("/invoices/all", root.token);
    expect(res.status).toBe(200);
    expect(res.body.every((i: { companyId: number }) => i.companyId === 1)).toBe(true);
    const [any] = await t.built.ctx.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.status, "open")));
    expect((await t.http.get(`/invoices/${any.id}`, root.token)).status).toBe(404);
  });

  it("are made by the job when the server starts again after a stop, once however often it restarts", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-invoices-"));
    const fresh = await freshDatabaseUrl();
    const same: StartOptions = fresh.url ? { dataDir, databaseUrl: fresh.url } : { dataDir, build: { pgliteDir: path.join(dataDir, "pglite") } };
    const withJobs = (opts: StartOptions): StartOptions => ({ ...opts, build: { ...opts.build, jobs: true } });
    const count = async (app: TestApp, companyId: number) => (await app.built.ctx.db.select().from(invoices).where(eq(invoices.companyId, companyId))).length;
    try {
      // a company signs up while no job runs (the server that had them is down)
      const first = await startTestApp(same);
      const a = await signUpCompany(first.http);
      expect(await count(first, a.company.id)).toBe(0);
      await first.close();

      const second = await startTestApp(withJobs(same));
      await expect.poll(() => count(second, a.company.id), { timeout: 20_000, interval: 250 }).toBe(1);
      await second.close();
      const third = await startTestApp(withJobs(same));
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await count(third, a.company.id)).toBe(1);
      await third.close();
    } finally {
      await fresh.drop?.();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
