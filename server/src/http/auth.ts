import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext, Caller } from "../context";
import { AppError } from "./errors";
import { verifyAccessToken } from "../modules/auth/tokens";
import { findActiveSessionUser } from "../modules/auth/sessions";

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

/**
 * Resolves the caller from a bearer token: no token or a closed session → 401
 * ERR_SESSION_EXPIRED (the client logs out); a bad or expired token → 403
 * (the client refreshes once and retries).
 */
export async function resolveCaller(ctx: AppContext, token: string | undefined, ip?: string): Promise<Caller> {
  if (!token) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const result = await verifyAccessToken(token, ctx.secrets.jwtSecret);
  if (!result.ok) throw new AppError("ERR_INVALID_TOKEN", 403);
  const user = await findActiveSessionUser(ctx.database, result.claims.sid);
  if (!user || user.id !== result.claims.id) throw new AppError("ERR_SESSION_EXPIRED", 401);
  return {
    id: user.id,
    companyId: user.companyId,
    profile: user.profile,
    super: user.super,
    allTicket: user.allTicket,
    sessionId: result.claims.sid,
    ip,
  };
}

export function registerAuthHook(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest("caller", null as unknown as Caller);
  app.addHook("onRequest", async (request) => {
    if (request.routeOptions.config?.public || !request.routeOptions.url) return;
    request.caller = await resolveCaller(ctx, bearerToken(request), request.ip);
  });
}
