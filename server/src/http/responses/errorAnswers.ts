import type { RouteOptions } from "fastify";
import { errorAnswer } from "./shapes";

const ERROR_STATUSES = [400, 401, 403, 404, 409, 429] as const;

/** Every route answers failures as `{ error: "ERR_…" }` (../errorHandler.ts): documented once, here. */
export function documentErrorAnswers(route: RouteOptions) {
  const schema = (route.schema ??= {});
  if ((schema as { hide?: boolean }).hide) return;
  const response = (schema.response ??= {}) as Record<string, unknown>;
  for (const status of ERROR_STATUSES) response[status] ??= errorAnswer;
}
