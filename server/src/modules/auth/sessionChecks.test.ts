import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { createAttendant } from "../../test/workspaceFixtures";
import { userSessions } from "../../db/schema";
import { SESSION_CHECK_TTL_MS } from "./sessionChecks";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const me = (token: string) => t.http.get("/auth/me", token);
const sessionExpired = { status: 401, body: { error: "ERR_SESSION_EXPIRED" } };

describe("a session checked a moment ago", () => {
  it("stops working as soon as it is closed through the app: logout, a login elsewhere, a new password", async () => {
    const owner = await signUpCompany(t.http);
    expect((await me(owner.token)).status).toBe(200);
    await t.http.request("DELETE", "/auth/logout", { token: owner.token, cookie: owner.cookie });
    expect(await me(owner.token)).toMatchObject(sessionExpired);

    const first = await t.http.login(owner.email, owner.password);
    expect((await me(first.token)).status).toBe(200);
    const second = await t.http.login(owner.email, owner.password);
    expect(await me(first.token)).toMatchObject(sessionExpired);
    expect((await me(second.token)).status).toBe(200);

    const attendant = await createAttendant(t, second.token);
    expect((await me(attendant.token)).status).toBe(200);
    expect((await t.http.put(`/users/${attendant.id}`, { name: "Ana", password: "another1" }, second.token)).status).toBe(200);
    expect(await me(attendant.token)).toMatchObject(sessionExpired);
  });

  it("carries the user's new profile on the next request, and nothing once the user is deleted", async () => {
    const owner = await signUpCompany(t.http);
    const attendant = await createAttendant(t, owner.token);
    expect(await t.http.request("DELETE", "/tickets/999999", { token: attendant.token })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.put(`/users/${attendant.id}`, { name: "Ana", profile: "admin" }, owner.token)).status).toBe(200);
    expect(await t.http.request("DELETE", "/tickets/999999", { token: attendant.token })).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });

    expect((await t.http.request("DELETE", `/users/${attendant.id}`, { token: owner.token })).status).toBe(200);
    expect(await me(attendant.token)).toMatchObject(sessionExpired);
  });

  it("is read again after SESSION_CHECK_TTL_MS, so a change made outside this process is seen within it", async () => {
    const owner = await signUpCompany(t.http);
    expect((await me(owner.token)).status).toBe(200);
    await t.built.ctx.db.update(userSessions).set({ revokedAt: new Date() }).where(eq(userSessions.userId, owner.user.id));
    await new Promise((resolve) => setTimeout(resolve, SESSION_CHECK_TTL_MS + 50));
    expect(await me(owner.token)).toMatchObject(sessionExpired);
  });
});
