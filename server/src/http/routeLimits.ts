import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import { AppError } from "./errors";

export interface RouteLimit {
  /** Requests allowed for one key in each window. */
  max: number;
  windowSeconds: number;
  /** What is counted: the client's address unless the route says otherwise. */
  keyOf?: (request: FastifyRequest) => string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** Requests per key and window on this route; past it, 429 with how long to wait. */
    rateLimit?: RouteLimit;
  }
}

function limitHeaders(reply: FastifyReply, max: number, remaining: number, msBeforeNext: number) {
  reply.header("x-ratelimit-limit", max);
  reply.header("x-ratelimit-remaining", remaining);
  reply.header("x-ratelimit-reset", Math.ceil(msBeforeNext / 1000));
}

/**
 * Counts the requests of every route that declares `config.rateLimit`, before the body is read,
 * in Redis when there is one (so every server process shares the count) and in memory otherwise.
 * Each window is fixed from its first request. Register before the routes.
 */
export function registerRouteLimits(app: FastifyInstance, redis?: Redis) {
  app.addHook("onRoute", (route) => {
    const limit = route.config?.rateLimit;
    if (!limit) return;
    // the same route has the same counters in every process
    const keyPrefix = `route_limit:${[route.method].flat().join(",")}:${route.url}`;
    const options = { keyPrefix, points: limit.max, duration: limit.windowSeconds };
    const limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis }) : new RateLimiterMemory(options);
    const count: onRequestHookHandler = async (request, reply) => {
      try {
        const res = await limiter.consume(limit.keyOf ? limit.keyOf(request) : request.ip);
        limitHeaders(reply, limit.max, res.remainingPoints, res.msBeforeNext);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const retryAfterSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        limitHeaders(reply, limit.max, 0, res.msBeforeNext);
        reply.header("retry-after", retryAfterSeconds);
        throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfterSeconds });
      }
    };
    route.onRequest = [...[route.onRequest ?? []].flat(), count];
  });
}
