import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Metrics } from "./metrics";

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

/** The bearer token compared in constant time (both sides hashed to one length first). */
function tokenMatches(header: string | undefined, token: string) {
  const given = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  return crypto.timingSafeEqual(digest(given), digest(token));
}

/**
 * Every answered request counted and timed by its route's pattern (never the raw path: ids would
 * make one series per record), and GET /metrics for Prometheus, behind its bearer token.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string) {
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions?.url ?? "unmatched";
    const labels = { method: request.method, route };
    metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!tokenMatches(request.headers.authorization, token)) return reply.code(401).header("www-authenticate", "Bearer").send({ error: "ERR_INVALID_TOKEN" });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
