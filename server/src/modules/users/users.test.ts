import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { plans, queues } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let queueA: number;
let queueB: number;

const newUser = (over: Record<string, unknown> = {}) => ({
  name: "Maria Silva",
  email: `${unique("maria")}@example.com`,
  password: "secret1",
  profile: "user",
  allTicket: "desabled",
  queueIds: [],
  whatsappId: null,
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  await t.built.ctx.db.update(plans).set({ users: 1000 }).where(eq(plans.id, 1)); // room for every test's users
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  [{ id: queueA }] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#ff0000" }).returning();
  [{ id: queueB }] = await t.built.ctx.db.insert(queues).values({ companyId: b.company.id, name: "Suporte", color: "#00ff00" }).returning();
});
afterAll(async () => t?.close());

describe("POST /users", () => {
  it("creates a user with queues and tells the company's sockets", async () => {
    const socket = await connectSocket(t.url, a.token);
    const event = nextEvent(socket, `company-${a.company.id}-user`, 2_000, (e) => e.action === "create");
    const body = newUser({ queueIds: [queueA], allTicket: "enabled" });
    const res = await t.http.post("/users", body, a.token);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: "Maria Silva", email: body.email, profile: "user", allTicket: "enabled", companyId: a.company.id, queues: [{ id: queueA, name: "Vendas", color: "#ff0000" }] });
    expect(res.body.password).toBeUndefined();
    expect(res.body.passwordHash).toBeUndefined();
    expect(await event).toMatchObject({ action: "create", user: { id: res.body.id } });
    socket.close();
    const session = await t.http.login(body.email, body.password);
    expect(session.user.queues).toEqual([{ id: queueA, name: "Vendas", color: "#ff0000", UserQueue: { userId: res.body.id, queueId: queueA } }]);
  });

  it.each([
    [{ name: "M" }, "name", "Too Short!"],
    [{ name: "" }, "name", "Required"],
    [{ name: "x".repeat(51) }, "name", "Too Long!"],
    [{ email: "bad" }, "email", "Invalid email"],
    [{ password: "123" }, "password", "Too Short!"],
    [{ password: "x".repeat(51) }, "password", "Too Long!"],
    [{ profile: "boss" }, "profile", "Invalid value"],
    [{ allTicket: "yes" }, "allTicket", "Invalid value"],
  ])("rejects %j with a 400 naming %s", async (override, field, message) => {
    const res = await t.http.post("/users", newUser(override), a.token);
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field, message: `${field}: ${message}` } });
  });

  it("refuses a taken email, another company's queue or connection, and a non-admin caller", async () => {
    expect(await t.http.post("/users", newUser({ email: a.email }), a.token)).toMatchObject({ status: 400, body: { error: "ERR_EMAIL_ALREADY_EXISTS" } });
    // another company's email answers exactly as an invalid one: nothing tells it exists
    const invalid = await t.http.post("/users", newUser({ email: "bad" }), a.token);
    expect(await t.http.post("/users", newUser({ email: b.email }), a.token)).toEqual({ ...invalid, headers: expect.anything() });
    expect(invalid.body).toEqual({ error: "ERR_VALIDATION", field: "email", message: "email: Invalid email" });
    expect(await t.http.post("/users", newUser({ queueIds: [queueB] }), a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "queueIds" } });
    expect(await t.http.post("/users", newUser({ whatsappId: 12345 }), a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    const attendant = newUser();
    await t.http.post("/users", attendant, a.token);
    const { token } = await t.http.login(attendant.email, attendant.password);
    expect(await t.http.post("/users", newUser(), token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });

  it("refuses to create a user in another company unless the caller is super", async () => {
    expect(await t.http.post("/users", newUser({ companyId: b.company.id }), a.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });

  it("stops at the plan's user limit with ERR_USER_LIMIT_REACHED, counting the owner", async () => {
    const c = await signUpCompany(t.http);
    await t.built.ctx.db.update(plans).set({ users: 2 }).where(eq(plans.id, 1));
    try {
      expect((await t.http.post("/users", newUser(), c.token)).status).toBe(201);
      expect(await t.http.post("/users", newUser(), c.token)).toMatchObject({ status: 400, body: { error: "ERR_USER_LIMIT_REACHED" } });
      // two racing creations for the last seat: one wins
      await t.built.ctx.db.update(plans).set({ users: 3 }).where(eq(plans.id, 1));
      const raced = await Promise.all([t.http.post("/users", newUser(), c.token), t.http.post("/users", newUser(), c.token)]);
      expect(raced.map((r) => r.status).sort()).toEqual([201, 400]);
      expect((await t.http.get("/users", c.token)).body.count).toBe(3);
    } finally {
      await t.built.ctx.db.update(plans).set({ users: 1000 }).where(eq(plans.id, 1));
    }
  });

  it("treats a plan of 0 users as allowing none, as the original does", async () => {
    const c = await signUpCompany(t.http);
    await t.built.ctx.db.update(plans).set({ users: 0 }).where(eq(plans.id, 1));
    try {
      expect(await t.http.post("/users", newUser(), c.token)).toMatchObject({ status: 400, body: { error: "ERR_USER_LIMIT_REACHED" } });
    } finally {
      await t.built.ctx.db.update(plans).set({ users: 1000 }).where(eq(plans.id, 1));
    }
  });
});

describe("GET /users, /users/list, /users/:id", () => {
  it("pages 20 at a time, newest first, searching name and email, within the caller's company only", async () => {
    const c = await signUpCompany(t.http);
    for (let i = 0; i < 21; i++) await t.http.post("/users", newUser({ name: `Agent ${String(i).padStart(2, "0")}` }), c.token);
    const page1 = await t.http.get("/users?pageNumber=1", c.token);
    expect(page1.status).toBe(200);
    expect(page1.body.users).toHaveLength(20);
    expect(page1.body).toMatchObject({ count: 22, hasMore: true });
    expect(page1.body.users[0]).toMatchObject({ name: "Agent 20", companyId: c.company.id, online: false, queues: [], company: { id: c.company.id } });
    const page2 = await t.http.get("/users?pageNumber=2", c.token);
    expect(page2.body).toMatchObject({ count: 22, hasMore: false });
    expect(page2.body.users).toHaveLength(2);
    const search = await t.http.get("/users?searchParam=AGENT%2007", c.token);
    expect(search.body.users.map((u: { name: string }) => u.name)).toEqual(["Agent 07"]);
    const byEmail = await t.http.get(`/users?searchParam=${encodeURIComponent(c.email)}`, c.token);
    expect(byEmail.body.count).toBe(1);
    expect((await t.http.get("/users?pageNumber=0", c.token)).status).toBe(400);

    const names = await t.http.get("/users/list", c.token);
    expect(names.body).toHaveLength(22);
    expect(names.body[0]).toMatchObject({ id: c.user.id, name: c.company.name });
    const ids = names.body.map((u: { id: number }) => u.id);
    expect(ids).not.toContain(a.user.id);
  });

  it("shows a user of the company to admins and the user himself; other companies get not found", async () => {
    const body = newUser();
    const created = await t.http.post("/users", body, a.token);
    const own = await t.http.login(body.email, body.password);
    expect((await t.http.get(`/users/${created.body.id}`, a.token)).body).toMatchObject({ id: created.body.id, email: body.email });
    expect((await t.http.get(`/users/${created.body.id}`, own.token)).status).toBe(200);
    expect(await t.http.get(`/users/${a.user.id}`, own.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.get(`/users/${created.body.id}`, b.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
  });
});

describe("PUT /users/:id", () => {
  it("lets an admin change profile, queues and allTicket", async () => {
    const created = await t.http.post("/users", newUser(), a.token);
    const res = await t.http.put(`/users/${created.body.id}`, { name: "Maria Souza", profile: "admin", allTicket: "enabled", queueIds: [queueA] }, a.token);
    expect(res).toMatchObject({ status: 200, body: { name: "Maria Souza", profile: "admin", allTicket: "enabled", queues: [{ id: queueA }] } });
  });

  it("lets a user change only his own name, email and password", async () => {
    const body = newUser();
    const created = await t.http.post("/users", body, a.token);
    const own = await t.http.login(body.email, body.password);
    const res = await t.http.put(`/users/${created.body.id}`, { name: "Maria Renamed", profile: "admin", allTicket: "enabled", queueIds: [queueA], password: "newpass1" }, own.token);
    expect(res).toMatchObject({ status: 200, body: { name: "Maria Renamed", profile: "user", allTicket: "desabled", queues: [] } });
    expect((await t.http.get("/auth/me", own.token)).status).toBe(200); // own session survives the password change
    expect(await t.http.put(`/users/${a.user.id}`, { name: "Hacker" }, own.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.post("/auth/login", { email: body.email, password: "newpass1" })).status).toBe(200);
  });

  it("closes the sessions of a user whose password an admin changed", async () => {
    const body = newUser();
    const created = await t.http.post("/users", body, a.token);
    const own = await t.http.login(body.email, body.password);
    await t.http.put(`/users/${created.body.id}`, { password: "changed1" }, a.token);
    expect((await t.http.get("/auth/me", own.token)).status).toBe(401);
  });

  it("validates, refuses a taken email, and never reaches another company's user", async () => {
    const created = await t.http.post("/users", newUser(), a.token);
    expect(await t.http.put(`/users/${created.body.id}`, { name: "X" }, a.token)).toMatchObject({ status: 400, body: { field: "name", message: "name: Too Short!" } });
    expect(await t.http.put(`/users/${created.body.id}`, { email: a.email }, a.token)).toMatchObject({ status: 400, body: { error: "ERR_EMAIL_ALREADY_EXISTS" } });
    const invalid = await t.http.put(`/users/${created.body.id}`, { email: "not-an-email" }, a.token);
    expect(invalid).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "email", message: "email: Invalid email" } });
    // a user changing his own email to another company's gets the same answer
    const own = await t.http.login(created.body.email, "secret1");
    for (const token of [a.token, own.token]) expect(await t.http.put(`/users/${created.body.id}`, { email: b.email }, token)).toEqual({ ...invalid, headers: expect.anything() });
    expect(await t.http.put(`/users/${b.user.id}`, { name: "Taken Over" }, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect(await t.http.put(`/users/${created.body.id}`, { queueIds: [queueB] }, a.token)).toMatchObject({ status: 400, body: { field: "queueIds" } });
    const still = await t.http.get(`/users/${b.user.id}`, b.token);
    expect(still.body.name).toBe(b.company.name);
  });
});

describe("the platform's super user", () => {
  it("cannot be edited by another admin of its company", async () => {
    const { ADMIN } = await import("../../test/harness");
    const root = await t.http.login(ADMIN.email, ADMIN.password);
    const body = newUser({ profile: "admin" });
    await t.http.post("/users", body, root.token);
    const other = await t.http.login(body.email, body.password);
    expect(await t.http.put(`/users/${root.user.id}`, { password: "takeover1" }, other.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.post("/auth/login", { email: ADMIN.email, password: "takeover1" })).status).toBe(401);
  });
});

describe("ids out of range", () => {
  it("are a 400, never a database error", async () => {
    expect(await t.http.get("/users/3000000000", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "id" } });
    expect(await t.http.post("/users", newUser({ queueIds: [3_000_000_000] }), a.token)).toMatchObject({ status: 400 });
    expect(await t.http.get("/users?pageNumber=99999999999", a.token)).toMatchObject({ status: 400, body: { field: "pageNumber" } });
  });
});
