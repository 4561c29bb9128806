import { describe, expect, it } from "vitest";
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { startTestApp } from "./test/harness";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs the real entry point until it prints `until` (or exits), then stops it. */
function runMain(env: Record<string, string>, until?: RegExp, timeoutMs = 60_000) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], { cwd: root, env: { PATH: process.env.PATH!, LOG_LEVEL: "warn", ...env } });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const poll = setInterval(async () => {
      if (!until || !until.test(stdout + stderr)) return;
      clearInterval(poll);
      child.kill("SIGTERM");
    }, 100);
    child.on("exit", (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code, stdout, stderr });
    });
  });
}

describe("configuration", () => {
  it("uses the documented defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, adminEmail: "admin@admin.com", databaseUrl: undefined, redisUrl: undefined, allowedOrigins: [] });
    expect(c.dataDir).toBe(path.resolve("./data"));
  });

  it.each([
    [{ DATABASE_URL: "not a url" }, /DATABASE_URL must be a URL/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ REDIS_URL: "http://x" }, /REDIS_URL/],
    [{ PORT: "99999" }, /PORT/],
    [{ ADMIN_EMAIL: "nope" }, /ADMIN_EMAIL/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET must have at least 32/],
    [{ FRONTEND_URL: "::::" }, /FRONTEND_URL/],
  ])("refuses %j with a one-line message", (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe("starting the process", () => {
  it("stops with one clear line for a malformed or unreachable database", async () => {
    const malformed = await runMain({ DATABASE_URL: "::nope::" });
    expect(malformed.code).toBe(1);
    expect(malformed.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^balcao: Invalid configuration: DATABASE_URL/)]);
    const unreachable = await runMain({ DATABASE_URL: "postgres://nobody:secret@127.0.0.1:1/nothing" });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^balcao: Cannot reach the database at postgres:\/\/nobody:\*\*\*@127\.0\.0\.1:1\/nothing/)]);
  });

  it("generates the secrets and the admin password on first start only, printing the password once", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-main-"));
    try {
      const env = { DATA_DIR: dataDir, PORT: "0" };
      const first = await runMain(env, /Server listening|listening/i);
      const printed = first.stdout.match(/super admin admin@admin\.com \/ password (\S+)/);
      expect(printed).not.toBeNull();
      const secretsFile = path.join(dataDir, "secrets.json");
      const stat = await fs.stat(secretsFile);
      expect(stat.mode & 0o777).toBe(0o600);
      const secrets = JSON.parse(await fs.readFile(secretsFile, "utf8"));
      expect(secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(secrets.jwtRefreshSecret).not.toBe(secrets.jwtSecret);

      const second = await runMain(env, /listening/i);
      expect(second.stdout).not.toMatch(/password/);
      expect(JSON.parse(await fs.readFile(secretsFile, "utf8"))).toEqual(secrets);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe("serving the web app", () => {
  it("gives browser navigations the SPA and API calls JSON on the same paths", async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-dist-"));
    await fs.mkdir(path.join(dist, "assets"));
    await fs.writeFile(path.join(dist, "index.html"), "<!doctype html><title>Balcão</title>");
    await fs.writeFile(path.join(dist, "assets", "app.js"), "console.log('hi')");
    const t = await startTestApp({ build: { webDist: dist } });
    try {
      const page = await t.http.request("GET", "/settings", { headers: { accept: "text/html,application/xhtml+xml" } });
      expect(page.status).toBe(200);
      expect(page.body).toContain("<title>Balcão</title>");
      expect(page.headers.get("cache-control")).toBe("no-cache");
      expect(page.headers.get("vary")).toMatch(/Accept/);
      const api = await t.http.get("/settings");
      expect(api).toMatchObject({ status: 401, body: { error: "ERR_SESSION_EXPIRED" } });
      expect(api.headers.get("cache-control")).toBe("no-store");
      // a rebuild adds assets while the server runs
      await fs.writeFile(path.join(dist, "assets", "later.js"), "console.log('new')");
      const asset = await t.http.request("GET", "/assets/later.js", { headers: { accept: "*/*" } });
      expect(asset.status).toBe(200);
      expect((await t.http.request("GET", "/assets/missing.js", { headers: { accept: "*/*" } })).status).toBe(404);
      expect((await t.http.get("/openapi.json")).body.paths).toHaveProperty("/auth/login");
      expect((await t.http.get("/healthz")).body).toMatchObject({ status: "ok", database: "ok" });
      expect((await t.http.get("/no/such/route")).body).toMatchObject({ error: "ERR_NOT_FOUND" });
    } finally {
      await t.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
