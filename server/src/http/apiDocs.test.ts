import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../test/harness";

describe("the API's interactive documentation", () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    // the web app is served too: a browser's navigation to /api-docs must not get the SPA
    dist = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-docs-dist-"));
    await fs.writeFile(path.join(dist, "index.html"), "<!doctype html><title>Balcão SPA</title>");
    t = await startTestApp({ build: { webDist: dist } });
  });
  afterAll(async () => {
    await t?.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it("is a page at /api-docs, without a token, whose document lists the API's routes", async () => {
    const page = await fetch(`${t.url}/api-docs`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain("Balcão SPA");
    expect(html.toLowerCase()).toContain("swagger");

    const doc = (await (await fetch(`${t.url}/api-docs/json`)).json()) as { openapi: string; paths: Record<string, unknown>; components: { securitySchemes: Record<string, { scheme: string }> } };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    for (const route of ["/auth/login", "/tickets", "/messages/{ticketId}", "/campaigns/{id}", "/chats/{id}/messages", "/api/messages/send"]) expect(Object.keys(doc.paths)).toContain(route);
    // its own pages and the probes are not API routes
    expect(Object.keys(doc.paths).some((p) => p.startsWith("/api-docs") || p === "/metrics")).toBe(false);
  });

  it("serves its script with the page's security policy intact", async () => {
    const page = await fetch(`${t.url}/api-docs`, { headers: { accept: "text/html" } });
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const script = /src="\.?\/?([^"]*swagger-initializer\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const res = await fetch(`${t.url}/api-docs/${script!.replace(/^api-docs\//, "")}`);
    expect(res.status).toBe(200);
  });
});
