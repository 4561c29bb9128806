import { afterAll, beforeAll, describe, expect, it } from "vitest";
import net from "node:net";
import { ADMIN, signUpCompany, startTestApp, type TestApp } from "../../test/harness";
import { loginDelay } from "./rateLimit";

// The test client is 127.0.0.1, trusted as a proxy: X-Forwarded-For names the client address.
const LIMITS = { TRUST_PROXY: "127.0.0.1", LOGIN_MAX_PER_IP: "8", LOGIN_MAX_FAILS_PER_EMAIL_IP: "3", LOGIN_MAX_FAILS_PER_EMAIL: "4", LOGIN_DELAY_MS: "100", LOGIN_MAX_DELAY_MS: "400" };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: LIMITS });
});
afterAll(async () => t?.close());

const login = (address: string, body: { email: string; password: string }) => t.http.request("POST", "/auth/login", { body, headers: { "x-forwarded-for": address } });
const wrong = (email: string) => ({ email, password: "wrong-pass" });

describe("login limits", () => {
  it("stops a brute force from one address after 3 failures, even when it then finds the password", async () => {
    const owner = await signUpCompany(t.http);
    for (let i = 0; i < 3; i++) expect((await login("203.0.113.10", wrong(owner.email))).status).toBe(401);
    const blocked = await login("203.0.113.10", { email: owner.email, password: owner.password });
    expect(blocked).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
    expect(blocked.body.retryAfterSeconds).toBeGreaterThan(0);
    expect(blocked.body.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
  });

  it("counts a burst sent at once: no more than 3 guesses of one pair reach the password check", async () => {
    const owner = await signUpCompany(t.http);
    const burst = await Promise.all(Array.from({ length: 6 }, () => login("203.0.113.11", wrong(owner.email))));
    expect(burst.map((r) => r.status).sort()).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it("lets the super admin in from his own address while his email is attacked from others, only slowed down", async () => {
    for (const address of ["198.51.100.1", "198.51.100.2"]) {
      for (let i = 0; i < 3; i++) expect((await login(address, wrong(ADMIN.email))).status).toBe(401);
      expect((await login(address, ADMIN)).status).toBe(429);
    }
    // 6 failures on the email, 4 allowed: each attempt now waits 100 ms doubled twice, capped at 400 ms
    const started = Date.now();
    const owner = await login("192.0.2.50", ADMIN);
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    // his own typo is an ordinary failure, not a lock
    expect((await login("192.0.2.50", wrong(ADMIN.email))).status).toBe(401);
    expect((await login("192.0.2.50", ADMIN)).status).toBe(200);
  });

  it("forgets a pair's failures once it logs in", async () => {
    const owner = await signUpCompany(t.http);
    const right = { email: owner.email, password: owner.password };
    for (let i = 0; i < 2; i++) expect((await login("203.0.113.12", wrong(owner.email))).status).toBe(401);
    expect((await login("203.0.113.12", right)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await login("203.0.113.12", wrong(owner.email))).status).toBe(401);
    expect((await login("203.0.113.12", right)).status).toBe(200);
  });

  it("caps one address at 8 attempts in the window, whatever the emails", async () => {
    for (let i = 0; i < 8; i++) expect((await login("203.0.113.13", wrong(`nobody${i}@example.com`))).status).toBe(401);
    expect(await login("203.0.113.13", ADMIN)).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
  });
});

describe("the delay on an attacked email", () => {
  it("starts at the first failure past the allowance, doubles with each further one and stops at the cap", () => {
    const defaults = { maxFailsPerEmail: 10, delayMs: 250, maxDelayMs: 8_000 };
    expect([9, 10, 11, 12, 13, 14, 15, 100].map((failures) => loginDelay(failures, defaults))).toEqual([0, 250, 500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect(Number(port || 6379), hostname);
  socket.once("connect", () => (socket.destroy(), resolve(true)));
  socket.once("error", () => resolve(false));
});

describe.skipIf(!redisUp && !process.env.REQUIRE_REDIS)("login limits kept in Redis (several processes)", () => {
  let r: TestApp;
  beforeAll(async () => {
    r = await startTestApp({ env: { ...LIMITS, REDIS_URL } });
  });
  afterAll(async () => r?.close());

  it("stop the guessing address and let the owner in from his own", async () => {
    const owner = await signUpCompany(r.http);
    const from = (address: string, password: string) => r.http.request("POST", "/auth/login", { body: { email: owner.email, password }, headers: { "x-forwarded-for": address } });
    for (let i = 0; i < 3; i++) expect((await from("203.0.113.20", "wrong-pass")).status).toBe(401);
    expect(await from("203.0.113.20", owner.password)).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS" } });
    expect((await from("192.0.2.20", owner.password)).status).toBe(200);
  });
});
