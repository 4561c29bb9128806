import crypto from "node:crypto";
import net from "node:net";
import Fastify from "fastify";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { registerErrorHandler } from "./errorHandler";
import { registerRouteLimits } from "./routeLimits";

/** A server with one limited route (2 a minute, per `x-key` when sent) and one without a limit. */
async function limitedServer(path: string, redis?: Redis) {
  const app = Fastify();
  registerRouteLimits(app, redis);
  registerErrorHandler(app);
  await app.register(async (api) => {
    const keyOf = (request: { headers: Record<string, unknown>; ip: string }) => String(request.headers["x-key"] ?? request.ip);
    api.post(path, { config: { rateLimit: { max: 2, windowSeconds: 60, keyOf } } }, async () => ({ ok: true }));
    api.post("/free", async () => ({ ok: true }));
  });
  await app.ready();
  return app;
}

describe("route limits in memory", () => {
  it("answers 429 with how long to wait past the allowance of one key, and counts keys apart", async () => {
    const app = await limitedServer("/limited");
    const post = (key?: string) => app.inject({ method: "POST", url: "/limited", headers: key ? { "x-key": key } : {} });
    const first = await post("a");
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({ "x-ratelimit-limit": "2", "x-ratelimit-remaining": "1" });
    expect((await post("a")).statusCode).toBe(200);
    const refused = await post("a");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: "ERR_TOO_MANY_ATTEMPTS", retryAfterSeconds: expect.any(Number) });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(60);
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    expect((await post("b")).statusCode).toBe(200);
    expect((await post()).statusCode).toBe(200);
    const free = await app.inject({ method: "POST", url: "/free" });
    expect(free.statusCode).toBe(200);
    expect(free.headers["x-ratelimit-limit"]).toBeUndefined();
    await app.close();
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect(Number(port || 6379), hostname);
  socket.once("connect", () => (socket.destroy(), resolve(true)));
  socket.once("error", () => resolve(false));
});

describe.skipIf(!redisUp && !process.env.REQUIRE_REDIS)("route limits kept in Redis (several processes)", () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.quit()));
  });

  it("shares one count between two servers", async () => {
    const path = `/limited-${crypto.randomUUID()}`;
    const [one, two] = await Promise.all(
      [0, 1].map(() => {
        const client = new Redis(REDIS_URL);
        clients.push(client);
        return limitedServer(path, client);
      }),
    );
    const post = (app: typeof one) => app.inject({ method: "POST", url: path, headers: { "x-key": "shared" } });
    expect((await post(one)).statusCode).toBe(200);
    expect((await post(two)).statusCode).toBe(200);
    expect((await post(one)).statusCode).toBe(429);
    expect((await post(two)).json()).toMatchObject({ error: "ERR_TOO_MANY_ATTEMPTS" });
    await Promise.all([one.close(), two.close()]);
  });
});
