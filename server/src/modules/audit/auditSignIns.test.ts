import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
let superToken: string;
let clara: { id: number; email: string };

interface Row {
  id: number;
  companyId: number | null;
  companyName: string | null;
  userId: number | null;
  userName: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  summary: string;
  details: Record<string, unknown>;
  ip: string | null;
}

const trail = async (token: string, query = "") => {
  await t.built.ctx.events.drain();
  const res = await t.http.get(`/audit-logs${query}`, token);
  expect(res.status).toBe(200);
  return res.body.auditLogs as Row[];
};

beforeAll(async () => {
  t = await startTestApp();
  a = await signUpCompany(t.http);
  b = await signUpCompany(t.http);
  superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
  const email = `${unique("clara")}@example.com`;
  const created = await t.http.post("/users", { name: "Clara Lima", email, password: "secret1", profile: "user", queueIds: [] }, a.token);
  expect(created.status).toBe(201);
  clara = { id: created.body.id, email };
});
afterAll(() => t?.close());

describe("the audit log through the product's own requests", () => {
  it("records a sign-in with the user and the address, and a failed one with the email, never the password", async () => {
    await t.http.login(clara.email, "secret1");
    expect((await t.http.post("/auth/login", { email: clara.email, password: "wrong-guess-123" })).status).toBe(401);
    const signIns = await trail(superToken, "?action=auth.");
    const ok = signIns.find((r) => r.action === "auth.signedIn" && r.userId === clara.id);
    expect(ok).toMatchObject({ companyId: a.company.id, userName: "Clara Lima", ip: "127.0.0.1" });
    // a failed sign-in names the email and the account tried, not as the one who acted
    const failed = signIns.find((r) => r.action === "auth.signInFailed" && r.details.email === clara.email);
    expect(failed).toMatchObject({ companyId: a.company.id, userId: null, ip: "127.0.0.1", summary: clara.email, details: { userId: clara.id } });
    expect((await trail(a.token, "?action=auth.signInFailed")).map((r) => r.id)).toContain(failed!.id);
    // an email no account has: only the platform's super user sees the attempt
    expect((await t.http.post("/auth/login", { email: "nobody.here@example.com", password: "guess-456" })).status).toBe(401);
    const unknown = (await trail(superToken, "?action=auth.signInFailed")).find((r) => r.details.email === "nobody.here@example.com");
    expect(unknown).toMatchObject({ companyId: null, userId: null, ip: "127.0.0.1" });
    expect(JSON.stringify(await trail(a.token))).not.toContain("nobody.here@example.com");
    expect(JSON.stringify(await trail(superToken))).not.toMatch(/wrong-guess-123|guess-456/);
    expect(JSON.stringify(signIns)).not.toContain("secret1");
    // her company's admin sees her sign-in
    expect((await trail(a.token, "?action=auth.signedIn")).some((r) => r.userId === clara.id)).toBe(true);
  });

  it("records an admin's change of a user's profile with the admin, the address and the changed fields", async () => {
    const res = await t.http.put(`/users/${clara.id}`, { name: "Clara Souza", profile: "supervisor", password: "another1" }, a.token);
    expect(res.status).toBe(200);
    const [change] = await trail(a.token, "?action=user.updated");
    expect(change).toMatchObject({ companyId: a.company.id, userId: a.user.id, userName: a.user.name, entityType: "user", entityId: String(clara.id), ip: "127.0.0.1" });
    expect(change.details.changed).toEqual(expect.arrayContaining(["name", "profile"]));
    expect(JSON.stringify(change)).not.toContain("another1");
    expect((await trail(a.token, "?searchParam=clara souza")).map((r) => r.id)).toContain(change.id);
  });

  it("keeps each company's trail from the other's admin; the super user sees both", async () => {
    // one browser at a time: this sign-in ends the session signUpCompany opened
    const bAdmin = await t.http.login(b.email, b.password);
    const ofB = await trail(bAdmin.token);
    expect(ofB.length).toBeGreaterThan(0);
    expect(ofB.every((r) => r.companyId === b.company.id)).toBe(true);
    expect(JSON.stringify(ofB)).not.toContain("Clara");
    const ofA = await trail(a.token);
    expect(ofA.every((r) => r.companyId === a.company.id)).toBe(true);
    const all = await trail(superToken);
    expect(all.map((r) => r.companyId)).toEqual(expect.arrayContaining([a.company.id, b.company.id]));
    expect(all.find((r) => r.companyId === b.company.id)?.companyName).toBe(b.company.name);
  });

  it("refuses a supervisor and an attendant", async () => {
    const supervisor = await t.http.login(clara.email, "another1");
    expect(await t.http.get("/audit-logs", supervisor.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await t.http.put(`/users/${clara.id}`, { profile: "user" }, a.token)).status).toBe(200);
    const attendant = await t.http.login(clara.email, "another1");
    expect(await t.http.get("/audit-logs", attendant.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });
});
