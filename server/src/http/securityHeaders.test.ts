import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-dist-"));
  await fs.mkdir(path.join(dist, "assets"));
  await fs.writeFile(path.join(dist, "index.html"), `<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`);
  await fs.writeFile(path.join(dist, "assets", "app.js"), "console.log('app')");
  t = await startTestApp({ env: { FRONTEND_URL: "https://painel.example.com" }, build: { webDist: dist } });
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const directives = (header: string | null) =>
  new Map(
    (header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );

describe("security headers", () => {
  it("come with the SPA, its assets, the API, its errors and unknown paths", async () => {
    const responses = [
      await t.http.request("GET", "/tickets", { headers: { accept: "text/html" } }),
      await t.http.request("GET", "/assets/app.js", { headers: { accept: "*/*" } }),
      await t.http.get("/version"),
      await t.http.get("/auth/me"),
      await t.http.post("/auth/login", { email: "bad" }),
      await t.http.get("/no-such-path"),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 401, 400, 404]);
    for (const res of responses) {
      expect(res.headers.get("content-security-policy")).toBeTruthy();
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      // plain HTTP: browsers must not be told to insist on https
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("allow the SPA's own scripts only, nothing framing it, and its sockets, pictures and media", async () => {
    const res = await t.http.request("GET", "/login", { headers: { accept: "text/html" } });
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("script-src-attr")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get("img-src")).toEqual(expect.arrayContaining(["'self'", "blob:", "data:"]));
    expect(csp.get("media-src")).toEqual(expect.arrayContaining(["'self'", "blob:"]));
    expect(csp.get("connect-src")).toEqual(["'self'", "https://painel.example.com", "wss://painel.example.com"]);
    expect(csp.has("upgrade-insecure-requests")).toBe(false);
  });
});
