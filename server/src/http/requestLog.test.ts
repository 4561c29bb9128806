import net from "node:net";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestApp, type TestApp } from "../test/harness";

describe("request log lines", () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      ),
    );
    // an SMTP server nobody answers on: asking for a reset code makes the service log a line
    const closedPort = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = srv.address() as net.AddressInfo;
        srv.close(() => resolve(port));
      });
    });
    t = await startTestApp({ env: { LOG_LEVEL: "info", SMTP_URL: `smtp://127.0.0.1:${closedPort}` }, build: { logger: true, logStream: stream } });
  });
  afterAll(() => t?.close());

  const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

  it("writes one line per request, with its id, which the answer carries back", async () => {
    const res = await fetch(`${t.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "edge-7f3a.1" },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("edge-7f3a.1");
    await expect.poll(() => linesOf("edge-7f3a.1").length).toBe(1);
    expect(linesOf("edge-7f3a.1")[0]).toMatchObject({ msg: "request completed", res: { statusCode: 200 }, req: { method: "POST", url: "/auth/login" } });
    expect(lines.some((l) => l.msg === "incoming request")).toBe(false);
  });

  it("gives its own id to a request whose given id does not look like one, and keeps probes out of info", async () => {
    const res = await fetch(`${t.url}/healthz`, { headers: { "x-request-id": "x".repeat(200) } });
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const other = await fetch(`${t.url}/tickets`, { headers: { accept: "application/json" } });
    expect(other.status).toBe(401);
    const otherId = other.headers.get("x-request-id")!;
    await expect.poll(() => linesOf(otherId).some((l) => l.msg === "request completed")).toBe(true);
    expect(linesOf(id)).toEqual([]);
    expect(new Set([id, otherId]).size).toBe(2);
  });

  it("puts the request's id on the lines services write while handling it, and no secret", async () => {
    const res = await fetch(`${t.url}/forgetpassword/${encodeURIComponent(ADMIN.email)}`, { method: "POST", headers: { "x-request-id": "reset-9c1" } });
    expect(res.status).toBe(503);
    await expect.poll(() => linesOf("reset-9c1").some((l) => !!l.res)).toBe(true);
    const service = linesOf("reset-9c1").find((l) => l.msg === "password reset mail not sent");
    expect(service).toMatchObject({ level: 40, reqId: "reset-9c1" });
    expect(lines.filter((l) => l.msg === "password reset mail not sent")).toHaveLength(1);
    const written = JSON.stringify(linesOf("reset-9c1"));
    for (const secret of [ADMIN.email, encodeURIComponent(ADMIN.email), ADMIN.password]) expect(written).not.toContain(secret);
  });

  it("writes lines outside any request without a request id", async () => {
    const before = lines.length;
    t.built.ctx.log?.info({ job: "sweep" }, "background line");
    await expect.poll(() => lines.slice(before).find((l) => l.msg === "background line")).toBeDefined();
    expect(lines.slice(before).find((l) => l.msg === "background line")).not.toHaveProperty("reqId");
  });
});
