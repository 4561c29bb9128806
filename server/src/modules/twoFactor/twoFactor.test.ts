import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { ADMIN, refreshCookie, signUpCompany, startTestApp, unique, type TestApp } from "../../test/harness";
import { twoFactorChallenges, userTwoFactors } from "../../db/schema";

// The test client is 127.0.0.1, trusted as a proxy: X-Forwarded-For names the client address.
let t: TestApp;
let address = 0;
const nextAddress = () => `203.0.113.${++address}`;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: "127.0.0.1", LOGIN_MAX_FAILS_PER_EMAIL_IP: "3" } });
});
afterAll(async () => t?.close());

const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, "0");

const login = (body: { email: string; password: string }, ip: string) => t.http.request("POST", "/auth/login", { body, headers: { "x-forwarded-for": ip } });
const secondStep = (body: { challenge: string; code: string }, ip: string) => t.http.request("POST", "/auth/login/2fa", { body, headers: { "x-forwarded-for": ip } });

/** Lets the next code of this time step through: the test, not a replay, reuses the step. */
async function forgetLastStep(userId: number) {
  await t.built.ctx.db.update(userTwoFactors).set({ lastStep: null }).where(eq(userTwoFactors.userId, userId));
}

/** A company admin with an authenticator enabled; its secret and recovery codes. */
async function enrolled() {
  const owner = await signUpCompany(t.http);
  const started = await t.http.post("/auth/2fa/enrol", {}, owner.token);
  expect(started.status).toBe(200);
  expect(started.body.uri).toMatch(/^otpauth:\/\/totp\//);
  expect(started.body.uri).toContain(`secret=${started.body.secret}`);
  const secret = started.body.secret as string;
  const confirmed = await t.http.post("/auth/2fa/confirm", { code: totp(secret).generate() }, owner.token);
  expect(confirmed.status).toBe(200);
  const recoveryCodes = confirmed.body.recoveryCodes as string[];
  await forgetLastStep(owner.user.id);
  return { ...owner, secret, recoveryCodes };
}

async function challengeOf(user: { email: string; password: string }, ip: string) {
  const res = await login({ email: user.email, password: user.password }, ip);
  expect(res.status).toBe(200);
  return res;
}

describe("enrolment", () => {
  it("enables the authenticator with a right code and answers ten recovery codes once", async () => {
    const owner = await signUpCompany(t.http);
    expect((await t.http.get("/auth/2fa", owner.token)).body).toMatchObject({ enabled: false, required: false });
    const started = await t.http.post("/auth/2fa/enrol", {}, owner.token);
    const secret = started.body.secret as string;
    const wrong = await t.http.post("/auth/2fa/confirm", { code: wrongCode(totp(secret).generate()) }, owner.token);
    expect(wrong).toMatchObject({ status: 400, body: { error: "ERR_INVALID_2FA_CODE", field: "code" } });
    const confirmed = await t.http.post("/auth/2fa/confirm", { code: totp(secret).generate() }, owner.token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    const status = await t.http.get("/auth/2fa", owner.token);
    expect(status.body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(secret);
    expect((await t.http.post("/auth/2fa/enrol", {}, owner.token)).body.error).toBe("ERR_2FA_ALREADY_ENABLED");
    // sealed at rest
    const [row] = await t.built.ctx.db.select().from(userTwoFactors).where(eq(userTwoFactors.userId, owner.user.id));
    expect(row.secret).not.toContain(secret);
    expect(row.secret.startsWith("gcm1:")).toBe(true);
  });
});

describe("sign-in with a second factor", () => {
  it("answers a challenge without token nor cookie, then signs in with the right code", async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const first = await challengeOf(u, ip);
    expect(first.body).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    expect(refreshCookie(first.headers)).toBeUndefined();
    const done = await secondStep({ challenge: first.body.challenge, code: totp(u.secret).generate() }, ip);
    expect(done.status).toBe(200);
    expect(done.body.token).toEqual(expect.any(String));
    expect(done.body.user).toMatchObject({ id: u.user.id, email: u.email });
    expect(done.body.recoveryCodes).toBeUndefined();
    const cookie = refreshCookie(done.headers);
    expect(cookie).toBeDefined();
    expect((await t.http.get("/auth/me", done.body.token)).body.id).toBe(u.user.id);
    expect((await t.http.request("POST", "/auth/refresh_token", { cookie })).status).toBe(200);
    // the challenge is spent
    await forgetLastStep(u.user.id);
    expect(await secondStep({ challenge: first.body.challenge, code: totp(u.secret).generate() }, ip)).toMatchObject({ status: 400, body: { error: "ERR_2FA_CHALLENGE_INVALID", field: "challenge" } });
  });

  it("refuses a wrong code, then stops the address after the password failures' limit", async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const { body } = await challengeOf(u, ip);
    const wrong = wrongCode(totp(u.secret).generate());
    for (let i = 0; i < 3; i++) expect(await secondStep({ challenge: body.challenge, code: wrong }, ip)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_2FA_CODE", field: "code" } });
    expect(await secondStep({ challenge: body.challenge, code: totp(u.secret).generate() }, ip)).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
  });

  it("refuses a code already used in its time step", async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const code = totp(u.secret).generate();
    const first = await challengeOf(u, ip);
    expect((await secondStep({ challenge: first.body.challenge, code }, ip)).status).toBe(200);
    const again = await challengeOf(u, ip);
    expect(await secondStep({ challenge: again.body.challenge, code }, ip)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_2FA_CODE" } });
  });

  it("takes a recovery code in place of a code, once", async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const first = await challengeOf(u, ip);
    const used = await secondStep({ challenge: first.body.challenge, code: u.recoveryCodes[0].toUpperCase() }, ip);
    expect(used.status).toBe(200);
    expect((await t.http.get("/auth/2fa", used.body.token)).body.recoveryCodesLeft).toBe(9);
    const again = await challengeOf(u, ip);
    expect(await secondStep({ challenge: again.body.challenge, code: u.recoveryCodes[0] }, ip)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_2FA_CODE" } });
  });

  it("refuses an expired or unknown challenge", async () => {
    const u = await enrolled();
    const ip = nextAddress();
    const { body } = await challengeOf(u, ip);
    await t.built.ctx.db
      .update(twoFactorChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(twoFactorChallenges.id, body.challenge));
    expect(await secondStep({ challenge: body.challenge, code: totp(u.secret).generate() }, ip)).toMatchObject({ status: 400, body: { error: "ERR_2FA_CHALLENGE_INVALID" } });
    expect(await secondStep({ challenge: "not-a-challenge", code: "123456" }, ip)).toMatchObject({ status: 400, body: { error: "ERR_2FA_CHALLENGE_INVALID" } });
    expect(await secondStep({ challenge: crypto.randomUUID(), code: "123456" }, ip)).toMatchObject({ status: 400, body: { error: "ERR_2FA_CHALLENGE_INVALID" } });
  });
});

describe("turning it off", () => {
  it("disables with a current code or the password, and renews recovery codes", async () => {
    const u = await enrolled();
    const renewed = await t.http.post("/auth/2fa/recovery-codes", { code: totp(u.secret).generate() }, u.token);
    expect(renewed.status).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(renewed.body.recoveryCodes).not.toContain(u.recoveryCodes[0]);
    expect(await t.http.post("/auth/2fa/disable", { password: "wrong-pass" }, u.token)).toMatchObject({ status: 400, body: { field: "password" } });
    expect(await t.http.post("/auth/2fa/disable", {}, u.token)).toMatchObject({ status: 400, body: { error: "ERR_INVALID_2FA_CODE" } });
    expect((await t.http.post("/auth/2fa/disable", { password: u.password }, u.token)).body).toEqual({ enabled: false });
    const plain = await login({ email: u.email, password: u.password }, nextAddress());
    expect(plain.body.token).toEqual(expect.any(String));
  });

  it("lets an admin reset a user of the company, audited; another company's user is not found", async () => {
    const owner = await signUpCompany(t.http);
    const other = await enrolled();
    const email = `${unique("ana")}@example.com`;
    const created = await t.http.post("/users", { name: "Ana", email, password: "secret1", profile: "user", queueIds: [] }, owner.token);
    const ana = await t.http.login(email, "secret1");
    const started = await t.http.post("/auth/2fa/enrol", {}, ana.token);
    expect((await t.http.post("/auth/2fa/confirm", { code: totp(started.body.secret).generate() }, ana.token)).status).toBe(200);
    expect((await login({ email, password: "secret1" }, nextAddress())).body.twoFactorRequired).toBe(true);

    expect((await t.http.del(`/users/${created.body.id}/2fa`, ana.token)).status).toBe(403);
    expect(await t.http.del(`/users/${other.user.id}/2fa`, owner.token)).toMatchObject({ status: 404 });
    expect((await t.http.del(`/users/${created.body.id}/2fa`, owner.token)).body).toEqual({ enabled: false });
    expect((await login({ email, password: "secret1" }, nextAddress())).body.token).toEqual(expect.any(String));

    await t.built.ctx.events.drain();
    const trail = await t.http.get("/audit-logs?action=user.twoFactorReset", owner.token);
    expect(trail.body.auditLogs).toEqual([expect.objectContaining({ action: "user.twoFactorReset", userId: owner.user.id, entityId: String(created.body.id) })]);
    expect(JSON.stringify(trail.body)).not.toContain(started.body.secret);
  });
});

describe("requirements", () => {
  it("sends a user of a company that requires it to enrol before signing in", async () => {
    const owner = await signUpCompany(t.http);
    expect((await t.http.put("/auth/2fa/policy", { required: true }, owner.token)).body).toEqual({ companyRequired: true, platformRequired: false });
    const ip = nextAddress();
    const first = await challengeOf(owner, ip);
    expect(first.body).toEqual({ twoFactorRequired: true, enrolmentRequired: true, challenge: expect.any(String) });
    expect(refreshCookie(first.headers)).toBeUndefined();
    const started = await t.http.post("/auth/login/2fa/enrol", { challenge: first.body.challenge });
    expect(started.status).toBe(200);
    const done = await secondStep({ challenge: first.body.challenge, code: totp(started.body.secret).generate() }, ip);
    expect(done.status).toBe(200);
    expect(done.body.recoveryCodes).toHaveLength(10);
    expect(refreshCookie(done.headers)).toBeDefined();
    expect((await t.http.get("/auth/2fa", done.body.token)).body).toMatchObject({ enabled: true, required: true, companyRequired: true });
    // an enrolled user's challenge is not an enrolment one
    expect((await t.http.post("/auth/login/2fa/enrol", { challenge: (await challengeOf(owner, ip)).body.challenge })).body.error).toBe("ERR_2FA_CHALLENGE_INVALID");
    // a user may not set the company's requirement, nor the platform's
    const email = `${unique("bia")}@example.com`;
    await t.http.post("/users", { name: "Bia", email, password: "secret1", profile: "user", queueIds: [] }, done.body.token);
    const bia = await login({ email, password: "secret1" }, nextAddress());
    expect(bia.body.enrolmentRequired).toBe(true);
    expect((await t.http.put("/auth/2fa/platform-policy", { required: true }, done.body.token)).status).toBe(403);
  });

  it("lets the super user require it of every company", async () => {
    const superToken = (await t.http.login(ADMIN.email, ADMIN.password)).token;
    const owner = await signUpCompany(t.http);
    expect((await t.http.put("/auth/2fa/platform-policy", { required: true }, superToken)).body.platformRequired).toBe(true);
    try {
      expect((await login({ email: owner.email, password: owner.password }, nextAddress())).body.enrolmentRequired).toBe(true);
    } finally {
      expect((await t.http.put("/auth/2fa/platform-policy", { required: false }, superToken)).body.platformRequired).toBe(false);
    }
    expect((await login({ email: owner.email, password: owner.password }, nextAddress())).body.token).toEqual(expect.any(String));
  });
});
