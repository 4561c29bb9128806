import { randomUUID } from "node:crypto";
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import type { IncomingMessage } from "node:http";
import { asPartOfRequest } from "../logging";

/** A proxy's request id is kept when it looks like one; otherwise each request gets its own. */
const GIVEN_ID = /^[\w.:-]{1,64}$/;

export function requestIdOf(req: IncomingMessage) {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && GIVEN_ID.test(given) ? given : randomUUID();
}

/** Probes that come every few seconds: logged at debug, so they do not bury the requests people make. */
const PROBES = new Set(["/healthz", "/metrics"]);

/**
 * One line per request, written when it is answered (method, path without query values, status,
 * time), instead of Fastify's two; errors keep Fastify's own lines. Each line carries the request
 * id every other line of that request carries too.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply);
    const level = PROBES.has(request.routeOptions?.url ?? "") ? "debug" : "info";
    reply.log[level]({ req: request, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) }, "request completed");
  }
}

/**
 * The request id goes back in `x-request-id`, so a user's report can be found in the logs; and
 * what the request's handler calls logs through the request's logger (logging.ts). The body is
 * read from the socket's events, outside the request's async context: it is entered again after.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    asPartOfRequest(request.log, done);
  });
  app.addHook("preValidation", (request, _reply, done) => asPartOfRequest(request.log, done));
}
