import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "../context";

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Routes are private unless they say so. */
    public?: boolean;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(" ");
  return scheme?.toLowerCase() === "bearer" && token ? token.replace(/^"|"$/g, "") : undefined;
}

/** Who calls with a token (the auth module answers, wired in app.ts); throws an AppError when no one may. */
export type ResolveCaller = (token: string | undefined, ip?: string) => Promise<Caller>;

export function registerAuthHook(app: FastifyInstance, resolveCaller: ResolveCaller) {
  app.decorateRequest("caller", null as unknown as Caller);
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.public || !request.routeOptions.url) return;
    request.caller = await resolveCaller(bearerToken(request), request.ip);
  });
}
