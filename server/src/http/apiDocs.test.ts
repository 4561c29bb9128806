import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_TYPES } from "@balcao/common";
import { startTestApp, type TestApp } from "../test/harness";
import { webhookEnvelope } from "../modules/webhooks/payloadSchemas";

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

  it("asks for no token on public routes and for a bearer token elsewhere", async () => {
    type Operation = { security?: unknown[] };
    const doc = (await (await fetch(`${t.url}/api-docs/json`)).json()) as { security: unknown[]; paths: Record<string, Record<string, Operation>> };
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const [route, method] of [
      ["/auth/login", "post"],
      ["/auth/login/2fa", "post"],
      ["/companies/cadastro", "post"],
      ["/forgetpassword/{email}", "post"],
      ["/plans/list", "get"],
      ["/healthz", "get"],
      ["/subscription/asaaswebhook", "post"],
    ])
      expect(doc.paths[route][method].security, `${method} ${route}`).toEqual([]);
    // a route that asks for a token keeps the document's (or says so itself)
    for (const [route, method] of [
      ["/tickets", "get"],
      ["/users/{id}", "put"],
      ["/api/messages/send", "post"],
    ])
      expect(doc.paths[route][method].security ?? doc.security, `${method} ${route}`).toEqual([{ bearerAuth: [] }]);
  });

  it("documents every outgoing webhook's payload, headers and signature", async () => {
    type Operation = {
      post: {
        security: unknown[];
        parameters: { name: string; in: string; description: string }[];
        requestBody: { content: Record<string, { schema: { properties: Record<string, { const?: string; properties?: Record<string, unknown> }>; required: string[] } }> };
      };
    };
    const doc = (await (await fetch(`${t.url}/api-docs/json`)).json()) as {
      openapi: string;
      webhooks: Record<string, Operation>;
      components: { securitySchemes: Record<string, { type: string; in: string; name: string; description: string }> };
    };
    expect(doc.openapi).toBe("3.1.0");
    // every event type the product sends, from the same list the endpoints' choices and the sender use
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    expect(doc.components.securitySchemes.webhookSignature).toMatchObject({ type: "apiKey", in: "header", name: "X-Balcao-Signature", description: expect.stringContaining("HMAC-SHA256") });
    for (const type of WEBHOOK_EVENT_TYPES) {
      const { post } = doc.webhooks[type];
      expect(post.security).toEqual([{ webhookSignature: [] }]);
      expect(post.parameters.map((p) => p.name)).toEqual(["X-Balcao-Event", "X-Balcao-Event-Id", "X-Balcao-Signature"]);
      const body = post.requestBody.content["application/json"].schema;
      expect(body.required).toEqual(expect.arrayContaining(["id", "type", "occurredAt", "companyId", "data"]));
      expect(body.properties.type.const).toBe(type);
      expect(Object.keys(body.properties.data.properties ?? {}).length).toBeGreaterThan(0);
    }
    expect(Object.keys(doc.webhooks["message.created"].post.requestBody.content["application/json"].schema.properties.data.properties!)).toEqual(["messageId", "ticketId", "fromMe", "message"]);
  });

  it("describes the bodies the sender builds", async () => {
    // a delivery's body, as the webhooks listener builds it for a customer's message, matches its documented schema
    const { customerSays, pairedSandbox } = await import("../test/conversation");
    const { signUpCompany } = await import("../test/harness");
    const { webhookBody } = await import("../modules/webhooks/payload");
    const owner = await signUpCompany(t.http);
    const sandbox = await pairedSandbox(t.http, owner.token);
    const said = await customerSays(t.http, sandbox, "5511988880001", "olá");
    const event = {
      id: 1,
      occurredAt: new Date(),
      type: "message.created",
      companyId: owner.company.id as number,
      stream: `ticket:${said.ticket.id}`,
      actor: { userId: null },
      data: { messageId: said.message.id, ticketId: said.ticket.id, fromMe: false },
    };
    const body = JSON.parse(await webhookBody(t.built.ctx, event));
    expect(webhookEnvelope("message.created").strict().safeParse(body).success).toBe(true);
    expect(body.data.message).toMatchObject({ id: said.message.id, body: "olá" });
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
