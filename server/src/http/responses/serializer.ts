import type { FastifySerializerCompiler } from "fastify";
import { safeParse, type $ZodType } from "zod/v4/core";

/** An answer that does not match the schema its route declares (under test only). */
export class ResponseShapeError extends Error {
  constructor(route: string, status: number | string | undefined, detail: string) {
    super(`${route} answered ${status} with a body its declared schema refuses: ${detail}`);
  }
}

/**
 * Serialises answers of routes that declare a response schema. The answer is written exactly as the
 * handler built it (no key is stripped: the API's shapes are a contract), so production pays only
 * JSON.stringify. With `check`, each answer is first validated against the declared schema and a
 * mismatch fails the request, so the documentation cannot drift from what the code sends.
 */
export function responseSerializerCompiler(check: boolean): FastifySerializerCompiler<$ZodType> {
  return ({ schema, method, url, httpStatus }) =>
    (data) => {
      if (check) {
        const result = safeParse(schema, data);
        if (!result.success) {
          const issue = result.error.issues[0];
          throw new ResponseShapeError(`${method} ${url}`, httpStatus, `${issue.path.join(".") || "(body)"}: ${issue.message}`);
        }
      }
      return JSON.stringify(data);
    };
}
