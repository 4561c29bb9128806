import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestApp, unique, type TestApp } from "../test/harness";
import { ConfigError, loadConfig } from "../config";

const LIMITS = { LOGIN_MAX_FAILS_PER_EMAIL_IP: "2", SIGNUP_MAX_PER_IP: "1" };
const signUp = () => ({ name: unique("Proxy "), email: `${unique("proxy")}@example.com`, phone: "(11) 99999-8888", password: "secret1", planId: 1 });

function client(t: TestApp, headers: Record<string, string>) {
  return {
    login: (password: string) => t.http.request("POST", "/auth/login", { body: { email: ADMIN.email, password }, headers }),
    signUp: () => t.http.request("POST", "/companies/cadastro", { body: signUp(), headers }),
  };
}

describe.each(["127.0.0.1/32", "1"])("behind a trusted proxy (TRUST_PROXY=%s)", (trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...LIMITS, TRUST_PROXY: trustProxy } });
  });
  afterAll(async () => t?.close());

  it("counts login failures and sign-ups per client address from X-Forwarded-For", async () => {
    const attacker = client(t, { "x-forwarded-for": "203.0.113.7" });
    const owner = client(t, { "x-forwarded-for": "198.51.100.7, 10.0.0.2" });
    for (let i = 0; i < 2; i++) expect((await attacker.login("wrong-pass")).status).toBe(401);
    expect((await attacker.login(ADMIN.password)).status).toBe(429);
    expect((await owner.login(ADMIN.password)).status).toBe(200);
    expect((await attacker.signUp()).status).toBe(201);
    expect((await attacker.signUp()).status).toBe(429);
    expect((await owner.signUp()).status).toBe(201);
  });

  it("marks the refresh cookie Secure and sends HSTS when the browser used https", async () => {
    const https = await t.http.request("POST", "/auth/login", { body: ADMIN, headers: { "x-forwarded-proto": "https", "x-forwarded-for": "192.0.2.1" } });
    expect(https.status).toBe(200);
    expect(https.headers.getSetCookie().find((c) => c.startsWith("jrt="))).toMatch(/;\s*Secure/i);
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const plain = await t.http.request("POST", "/auth/login", { body: ADMIN, headers: { "x-forwarded-proto": "http", "x-forwarded-for": "192.0.2.1" } });
    expect(plain.headers.getSetCookie().find((c) => c.startsWith("jrt="))).not.toMatch(/Secure/i);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("without TRUST_PROXY", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: LIMITS });
  });
  afterAll(async () => t?.close());

  it("ignores X-Forwarded-Proto: no Secure cookie and no HSTS over plain HTTP", async () => {
    const res = await t.http.request("POST", "/auth/login", { body: ADMIN, headers: { "x-forwarded-proto": "https" } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith("jrt="))).not.toMatch(/Secure/i);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("ignores X-Forwarded-For: every request counts against the real peer", async () => {
    for (let i = 0; i < 2; i++) expect((await client(t, { "x-forwarded-for": `203.0.113.${i}` }).login("wrong-pass")).status).toBe(401);
    expect((await client(t, { "x-forwarded-for": "198.51.100.7" }).login(ADMIN.password)).status).toBe(429);
    expect((await client(t, { "x-forwarded-for": "203.0.113.1" }).signUp()).status).toBe(201);
    expect((await client(t, { "x-forwarded-for": "198.51.100.7" }).signUp()).status).toBe(429);
  });
});

describe("TRUST_PROXY values", () => {
  it("accepts a hop count, addresses, CIDR ranges and proxy-addr's names; refuses anything else", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 172.16.0.0/12,::1,fd00::/8,loopback" }).trustProxy).toEqual(["10.0.0.1", "172.16.0.0/12", "::1", "fd00::/8", "loopback"]);
    for (const bad of ["0", "true", "10.0.0.300", "10.0.0.0/33", "proxy.example.com", "10.0.0.1/8/2"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
  });
});
