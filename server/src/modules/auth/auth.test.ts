import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ADMIN, connectSocket, nextEvent, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { companies } from "../../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe("POST /auth/login", () => {
  it("returns a token and the session user with company, settings and queues, and sets the refresh cookie", async () => {
    const res = await t.http.post("/auth/login", ADMIN);
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe("string");
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("jrt="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(res.body.user).toMatchObject({
      id: 1,
      name: "Admin",
      email: ADMIN.email,
      profile: "admin",
      super: true,
      allTicket: "enabled",
      companyId: 1,
      whatsappId: null,
      queues: [],
      company: { id: 1, name: "Empresa 1", dueDate: "2099-12-31" },
    });
    const keys = res.body.user.company.settings.map((s: { key: string }) => s.key);
    expect(keys).toEqual(
      expect.arrayContaining(["userRating", "scheduleType", "CheckMsgIsGroup", "call", "chatBotType", "sendGreetingAccepted", "sendMsgTransfTicket", "sendGreetingMessageOneQueues", "campaignsEnabled"]),
    );
    expect(res.body.user.passwordHash).toBeUndefined();
  });

  it("answers ERR_INVALID_CREDENTIALS for a wrong password or an unknown email", async () => {
    const wrong = await t.http.post("/auth/login", { email: ADMIN.email, password: "nope-nope" });
    expect(wrong).toMatchObject({ status: 401, body: { error: "ERR_INVALID_CREDENTIALS" } });
    const unknown = await t.http.post("/auth/login", { email: "ghost@example.com", password: "whatever" });
    expect(unknown).toMatchObject({ status: 401, body: { error: "ERR_INVALID_CREDENTIALS" } });
  });

  it("answers 400 naming the field for an invalid payload", async () => {
    const res = await t.http.post("/auth/login", { email: "not-an-email", password: "x" });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", field: "email", message: "email: Invalid email" });
    const missing = await t.http.post("/auth/login", { email: ADMIN.email });
    expect(missing.body).toMatchObject({ error: "ERR_VALIDATION", field: "password" });
    const malformed = await t.http.request("POST", "/auth/login", { headers: { "content-type": "application/json" }, body: undefined });
    expect(malformed.status).toBe(400);
  });

  it("refuses a company whose due date is past, with the due date for the message", async () => {
    const owner = await signUpCompany(t.http);
    await t.built.ctx.db.update(companies).set({ dueDate: "2020-01-31" }).where(eq(companies.id, owner.company.id));
    const res = await t.http.post("/auth/login", { email: owner.email, password: owner.password });
    expect(res).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2020-01-31" } });
    // and its still-open session cannot be refreshed any more
    const refreshed = await t.http.request("POST", "/auth/refresh_token", { cookie: owner.cookie });
    expect(refreshed).toMatchObject({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
  });
});

describe("tokens and sessions", () => {
  it("401 ERR_SESSION_EXPIRED without a token, 403 for an invalid token", async () => {
    expect(await t.http.get("/auth/me")).toMatchObject({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
    expect(await t.http.get("/auth/me", "garbage.token.value")).toMatchObject({ status: 403, body: { error: "ERR_INVALID_TOKEN" } });
  });

  it("GET /auth/me returns the caller", async () => {
    const { token } = await t.http.login(ADMIN.email, ADMIN.password);
    const res = await t.http.get("/auth/me", token);
    expect(res).toMatchObject({ status: 200, body: { id: 1, profile: "admin", super: true } });
  });

  it("logout closes the session: its refresh cookie and access token stop working", async () => {
    const owner = await signUpCompany(t.http);
    const out = await t.http.request("DELETE", "/auth/logout", { token: owner.token, cookie: owner.cookie });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/jrt=;/);
    expect(await t.http.request("POST", "/auth/refresh_token", { cookie: owner.cookie })).toMatchObject({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
    expect(await t.http.get("/auth/me", owner.token)).toMatchObject({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
  });

  it("refresh without a cookie is ERR_SESSION_EXPIRED", async () => {
    expect(await t.http.post("/auth/refresh_token", {})).toMatchObject({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
  });

  it("a login from another computer sends the auth event to the first and closes its session", async () => {
    const owner = await signUpCompany(t.http);
    const socket = await connectSocket(t.url, owner.token);
    const event = nextEvent(socket, `company-${owner.company.id}-auth`);
    const second = await t.http.login(owner.email, owner.password);
    expect(await event).toEqual({ action: "update", user: { id: owner.user.id, email: owner.email, companyId: owner.company.id } });
    socket.close();
    expect((await t.http.get("/auth/me", owner.token)).status).toBe(401);
    expect((await t.http.request("POST", "/auth/refresh_token", { cookie: owner.cookie })).status).toBe(401);
    expect((await t.http.get("/auth/me", second.token)).status).toBe(200);
  });
});
