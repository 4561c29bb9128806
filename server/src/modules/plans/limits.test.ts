import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { companies, plans, queues, users, whatsapps } from "../../db/schema";

let t: TestApp;
let superToken: string;
beforeAll(async () => {
  t = await startTestApp();
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
});
afterAll(async () => t?.close());

/** A signed-up company moved to a plan of its own with these limits. */
async function companyOnPlan(limits: { users?: number; connections?: number; queues?: number }) {
  const owner = await signUpCompany(t.http);
  const [plan] = await t.built.ctx.db
    .insert(plans)
    .values({ name: unique("Plano "), users: 100, connections: 100, queues: 100, ...limits })
    .returning();
  await t.built.ctx.db.update(companies).set({ planId: plan.id }).where(eq(companies.id, owner.company.id));
  return { ...owner, planId: plan.id };
}

const countOf = async (table: typeof users | typeof queues | typeof whatsapps, companyId: number) => (await t.built.ctx.db.select({ total: count() }).from(table).where(eq(table.companyId, companyId)))[0].total;

const newQueue = () => ({
  name: unique("Fila "),
  color: `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`,
});
const newConnection = () => ({ name: unique("Conexão "), channel: "sandbox" });
const newUser = () => ({ name: "Maria Silva", email: `${unique("maria")}@example.com`, password: "secret1", profile: "user" });

describe("the plan's queues", () => {
  it("refuses the queue past the limit with ERR_QUEUE_LIMIT_REACHED", async () => {
    const c = await companyOnPlan({ queues: 2 });
    for (let i = 0; i < 2; i++) expect((await t.http.post("/queue", newQueue(), c.token)).status).toBe(201);
    expect(await t.http.post("/queue", newQueue(), c.token)).toMatchObject({ status: 400, body: { error: "ERR_QUEUE_LIMIT_REACHED", limit: 2 } });
    expect(await countOf(queues, c.company.id)).toBe(2);
  });

  it("lets a burst of 12 creations fill a 10-queue plan and not one more", async () => {
    const c = await companyOnPlan({ queues: 10 });
    const burst = await Promise.all(Array.from({ length: 12 }, () => t.http.post("/queue", newQueue(), c.token)));
    expect(burst.filter((r) => r.status === 201)).toHaveLength(10);
    expect(burst.filter((r) => r.status !== 201).map((r) => r.body.error)).toEqual(["ERR_QUEUE_LIMIT_REACHED", "ERR_QUEUE_LIMIT_REACHED"]);
    expect(await countOf(queues, c.company.id)).toBe(10);
  });
});

describe("the plan's connections", () => {
  it("refuses the connection past the limit with ERR_CONNECTION_LIMIT_REACHED; a plan of 0 allows none", async () => {
    const c = await companyOnPlan({ connections: 1 });
    expect((await t.http.post("/whatsapp", newConnection(), c.token)).status).toBe(201);
    expect(await t.http.post("/whatsapp", newConnection(), c.token)).toMatchObject({ status: 400, body: { error: "ERR_CONNECTION_LIMIT_REACHED", limit: 1 } });
    const none = await companyOnPlan({ connections: 0 });
    expect(await t.http.post("/whatsapp", newConnection(), none.token)).toMatchObject({ status: 400, body: { error: "ERR_CONNECTION_LIMIT_REACHED" } });
  });

  it("lets a burst of 8 creations fill a 5-connection plan and not one more", async () => {
    const c = await companyOnPlan({ connections: 5 });
    const burst = await Promise.all(Array.from({ length: 8 }, () => t.http.post("/whatsapp", newConnection(), c.token)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 400, 400, 400]);
    expect(await countOf(whatsapps, c.company.id)).toBe(5);
  });
});

describe("the plan's users", () => {
  it("holds for a burst of creations, the owner counted", async () => {
    const c = await companyOnPlan({ users: 4 });
    const burst = await Promise.all(Array.from({ length: 6 }, () => t.http.post("/users", newUser(), c.token)));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 201, 400, 400, 400]);
    expect(burst.filter((r) => r.status === 400).every((r) => r.body.error === "ERR_USER_LIMIT_REACHED")).toBe(true);
    expect(await countOf(users, c.company.id)).toBe(4);
  });

  it("holds for the super user creating users in another company", async () => {
    const c = await companyOnPlan({ users: 2 });
    expect((await t.http.post("/users", { ...newUser(), companyId: c.company.id }, superToken)).status).toBe(201);
    expect(await t.http.post("/users", { ...newUser(), companyId: c.company.id }, superToken)).toMatchObject({ status: 400, body: { error: "ERR_USER_LIMIT_REACHED" } });
    expect(await countOf(users, c.company.id)).toBe(2);
  });

  it("refuses a sign-up on a plan that allows no user, and creates no company", async () => {
    const [plan] = await t.built.ctx.db
      .insert(plans)
      .values({ name: unique("Plano sem usuários "), users: 0, connections: 1, queues: 1 })
      .returning();
    const name = unique("Empresa ");
    const res = await t.http.post("/companies/cadastro", { name, email: `${unique("dono")}@example.com`, phone: "(11) 99999-8888", password: "secret1", planId: plan.id });
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_USER_LIMIT_REACHED", limit: 0 } });
    expect(await t.built.ctx.db.select().from(companies).where(eq(companies.name, name))).toEqual([]);
  });
});
