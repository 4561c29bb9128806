import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { AppError } from "./errors";

/** One place turns every failure into `{ error: "ERR_…" }`; internals never leak. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ error: err.code, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const where = err.validationContext ?? "body";
      const field = first.instancePath.replace(/^\//, "").replace(/\//g, ".") || where;
      return reply.status(400).send({ error: "ERR_VALIDATION", field, message: `${field}: ${first.message}` });
    }
    if (err instanceof ZodError) {
      const issue = err.issues[0];
      const field = issue.path.join(".");
      return reply.status(400).send({ error: "ERR_VALIDATION", field, message: `${field}: ${issue.message}` });
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors: malformed JSON, payload too large, unsupported media type…
      if (err.statusCode === 429) return reply.status(429).send({ error: "ERR_TOO_MANY_ATTEMPTS", retryAfterSeconds: (err as { retryAfterSeconds?: number }).retryAfterSeconds });
      return reply.status(err.statusCode).send({ error: "ERR_VALIDATION", message: err.message });
    }
    // The logger's error serializer (../logging.ts) keeps only what locates the fault.
    request.log.error({ err }, "unhandled error");
    return reply.status(500).send({ error: "ERR_INTERNAL" });
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: "ERR_NOT_FOUND", message: `${request.method} ${request.url.split("?")[0]}` }));
}
