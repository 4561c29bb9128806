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
    t = await startTestApp({ env: { LOG_LEVEL: "info" }, build: { logger: true, logStream: stream } });
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
});
