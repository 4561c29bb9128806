import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { createAttendant, insertContact, insertTicket } from "../../test/workspaceFixtures";
import { plans, queues, tickets } from "../../db/schema";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;

const ticketRow = async (id: number) => (await t.built.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0];

beforeAll(async () => {
  t = await startTestApp();
  await t.built.ctx.db.update(plans).set({ users: 1000 }).where(eq(plans.id, 1));
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
});
afterAll(async () => t?.close());

describe("DELETE /users/:id", () => {
  it("deletes the user, returns his open and pending tickets to pending unassigned, and tells the company", async () => {
    const [queue] = await t.built.ctx.db.insert(queues).values({ companyId: a.company.id, name: "Vendas", color: "#ff0000" }).returning();
    const gone = await createAttendant(t, a.token, { queueIds: [queue.id] });
    const contact = await insertContact(t, a.company.id);
    const open = await insertTicket(t, a.company.id, contact.id, { userId: gone.id, queueId: queue.id, status: "open" });
    const pending = await insertTicket(t, a.company.id, (await insertContact(t, a.company.id)).id, { userId: gone.id, status: "pending" });
    const closed = await insertTicket(t, a.company.id, (await insertContact(t, a.company.id)).id, { userId: gone.id, status: "closed" });

    const watcher = await connectSocket(t.url, a.token);
    watcher.emit("joinTickets", "pending");
    const goneSocket = await connectSocket(t.url, gone.token);
    const other = await connectSocket(t.url, b.token);
    await new Promise((r) => setTimeout(r, 150));
    const userEvent = nextEvent(watcher, `company-${a.company.id}-user`, 2_000, (e) => e.action === "delete");
    const ticketEvent = nextEvent(watcher, `company-${a.company.id}-ticket`, 2_000, (e) => e.ticket?.id === open.id);
    const leak = nextEvent(other, `company-${a.company.id}-user`, 800);
    const closedSocket = new Promise<string>((resolve) => goneSocket.once("disconnect", resolve));

    expect(await t.http.del(`/users/${gone.id}`, a.token)).toMatchObject({ status: 200, body: { message: "User deleted" } });
    expect(await userEvent).toEqual({ action: "delete", userId: gone.id });
    expect(await ticketEvent).toMatchObject({ action: "update", ticket: { id: open.id, status: "pending", userId: null, queueId: queue.id } });
    expect(await closedSocket).toBeTruthy();
    expect(await leak).toBeNull();

    expect(await ticketRow(open.id)).toMatchObject({ status: "pending", userId: null, queueId: queue.id });
    expect(await ticketRow(pending.id)).toMatchObject({ status: "pending", userId: null });
    expect(await ticketRow(closed.id)).toMatchObject({ status: "closed", userId: null });
    expect(await t.http.get(`/users/${gone.id}`, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect((await t.http.get("/auth/me", gone.token)).status).toBe(401);
    watcher.close();
    other.close();
  });

  it("refuses attendants, the admin himself, and never reaches another company's user", async () => {
    const attendant = await createAttendant(t, a.token);
    const target = await createAttendant(t, a.token);
    expect(await t.http.del(`/users/${target.id}`, attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.del(`/users/${a.user.id}`, a.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await t.http.del(`/users/${b.user.id}`, a.token)).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect(await t.http.del("/users/abc", a.token)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", field: "id" } });
    expect((await t.http.get(`/users/${b.user.id}`, b.token)).status).toBe(200);
    expect((await t.http.get(`/users/${target.id}`, a.token)).status).toBe(200);
  });

  it("keeps the platform's super user out of other admins' reach", async () => {
    const root = await t.http.login(ADMIN.email, ADMIN.password);
    const body = { name: "Outro Admin", email: `${unique("adm")}@example.com`, password: "secret1", profile: "admin" };
    expect((await t.http.post("/users", body, root.token)).status).toBe(201);
    const other = await t.http.login(body.email, body.password);
    expect(await t.http.del(`/users/${root.user.id}`, other.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });

  it("frees a seat of the plan", async () => {
    const c = await signUpCompany(t.http);
    await t.built.ctx.db.update(plans).set({ users: 2 }).where(eq(plans.id, 1));
    try {
      const first = await createAttendant(t, c.token);
      expect((await t.http.post("/users", { name: "Sem vaga", email: `${unique("x")}@example.com`, password: "secret1" }, c.token)).body.error).toBe("ERR_USER_LIMIT_REACHED");
      await t.http.del(`/users/${first.id}`, c.token);
      expect((await t.http.post("/users", { name: "Com vaga", email: `${unique("x")}@example.com`, password: "secret1" }, c.token)).status).toBe(201);
    } finally {
      await t.built.ctx.db.update(plans).set({ users: 1000 }).where(eq(plans.id, 1));
    }
  });
});

describe("the users list", () => {
  it("answers the spec's GET /users/ and receives presence as user updates", async () => {
    const list = await t.http.get("/users/?searchParam=&pageNumber=1", a.token);
    expect(list).toMatchObject({ status: 200, body: { hasMore: false } });
    expect(list.body.users.map((u: { id: number }) => u.id)).toContain(a.user.id);

    const attendant = await createAttendant(t, a.token);
    const watcher = await connectSocket(t.url, a.token);
    const online = nextEvent(watcher, `company-${a.company.id}-user`, 2_000, (e) => e.user?.id === attendant.id && e.user.online === true);
    const socket = await connectSocket(t.url, attendant.token);
    expect(await online).toMatchObject({ action: "update", user: { id: attendant.id, online: true, email: expect.any(String) } });
    const offline = nextEvent(watcher, `company-${a.company.id}-user`, 2_000, (e) => e.user?.id === attendant.id && e.user.online === false);
    socket.close();
    expect(await offline).toMatchObject({ action: "update", user: { id: attendant.id, online: false } });
    watcher.close();
  });
});
