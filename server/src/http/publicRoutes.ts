import type { RouteOptions } from "fastify";

/**
 * The API document asks for a user's token everywhere (app.ts); a public route (`config.public`:
 * sign-in, sign-up, password reset, health, billing webhooks) says it needs none. A public route
 * that checks a token of its own (the messages API) declares its `security` itself.
 */
export function documentPublicRoutes(route: RouteOptions) {
  if (!route.config?.public) return;
  const schema = (route.schema ??= {}) as { security?: unknown[] };
  schema.security ??= [];
}
