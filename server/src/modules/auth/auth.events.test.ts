import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { refreshCookie, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { domainEvents } from "../../db/schema";

let t: TestApp;
type EventRow = typeof domainEvents.$inferSelect;
/** Each event's row as it was stored, read while it is dispatched (a dispatched event is then deleted). */
const stored: EventRow[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
  t.built.ctx.events.register({
    name: "test.stored",
    accepts: () => true,
    async handle(ctx, event) {
      stored.push(...(await ctx.db.select().from(domainEvents).where(eq(domainEvents.id, event.id))));
    },
  });
});
afterAll(() => t?.close());

const from = (ip: string, method: string, path: string, opts: { body?: unknown; token?: string; cookie?: string } = {}) => t.http.request(method, path, { ...opts, headers: { "x-forwarded-for": ip } });

async function lastEvent(type: string, stream?: string) {
  await t.built.ctx.events.drain();
  return stored.filter((row) => row.type === type && (!stream || row.stream === stream)).at(-1)!;
}

describe("sign-ins and user changes are recorded with who and from where", () => {
  it("a sign-in names the user and the address; a sign-out too", async () => {
    const owner = await signUpCompany(t.http);
    const res = await from("203.0.113.41", "POST", "/auth/login", { body: { email: owner.email, password: owner.password } });
    expect(res.status).toBe(200);
    const signedIn = await lastEvent("auth.signedIn", `user:${owner.user.id}`);
    expect(signedIn).toMatchObject({ companyId: owner.user.companyId, actorId: owner.user.id, actorIp: "203.0.113.41", data: { userId: owner.user.id, email: owner.email } });

    const out = await from("203.0.113.44", "DELETE", "/auth/logout", { token: res.body.token, cookie: refreshCookie(res.headers) });
    expect(out.status).toBe(200);
    const signedOut = await lastEvent("auth.signedOut", `user:${owner.user.id}`);
    expect(signedOut).toMatchObject({ companyId: owner.user.companyId, actorId: owner.user.id, actorIp: "203.0.113.44", data: { userId: owner.user.id } });
  });

  it("a failed sign-in has no actor, keeps the address and the email tried, never the password", async () => {
    const owner = await signUpCompany(t.http);
    expect((await from("203.0.113.42", "POST", "/auth/login", { body: { email: owner.email, password: "not-the-password" } })).status).toBe(401);
    const failed = await lastEvent("auth.signInFailed", `user:${owner.user.id}`);
    expect(failed).toMatchObject({ companyId: owner.user.companyId, actorId: null, actorIp: "203.0.113.42", data: { email: owner.email, userId: owner.user.id } });
    expect(JSON.stringify(failed.data)).not.toContain("not-the-password");

    const stranger = `${unique("nobody")}@example.com`;
    expect((await from("203.0.113.43", "POST", "/auth/login", { body: { email: stranger, password: "whatever1" } })).status).toBe(401);
    expect(await lastEvent("auth.signInFailed", `signIn:${stranger}`)).toMatchObject({ companyId: null, actorId: null, actorIp: "203.0.113.43", data: { email: stranger } });
  });

  it("a user's update names the admin, the address and the changed fields, not the new password", async () => {
    const owner = await signUpCompany(t.http);
    const email = `${unique("agent")}@example.com`;
    const agent = (await t.http.post("/users", { name: "Agent Before", email, password: "secret1", profile: "user" }, owner.token)).body;
    const res = await from("203.0.113.45", "PUT", `/users/${agent.id}`, { token: owner.token, body: { name: "Agent After", email, profile: "supervisor", password: "brand-new-pass" } });
    expect(res.status).toBe(200);
    const updated = await lastEvent("user.updated", `user:${agent.id}`);
    expect(updated).toMatchObject({ companyId: owner.user.companyId, actorId: owner.user.id, actorIp: "203.0.113.45", data: { userId: agent.id, name: "Agent After", profile: "supervisor" } });
    expect((updated.data as { changed: string[] }).changed.sort()).toEqual(["name", "password", "profile"]);
    expect(JSON.stringify(updated.data)).not.toContain("brand-new-pass");
  });
});
