import type { AppContext, Caller } from "../../context";
import { AppError } from "../../http/errors";
import { queueIdsOf } from "../users/queueIds";
import { findActiveSessionUser } from "./sessions";
import { verifyAccessToken } from "./tokens";

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

/**
 * A caller who connected earlier as they are now: their user's profile and rights, and their
 * queues. Null once their session is closed.
 */
export async function currentCaller(ctx: AppContext, connectedAs: Caller) {
  const user = await findActiveSessionUser(ctx.database, connectedAs.sessionId);
  if (!user) return null;
  const caller: Caller = { ...connectedAs, profile: user.profile, allTicket: user.allTicket, super: user.super };
  return { caller, queueIds: await queueIdsOf(ctx.db, connectedAs.companyId, user.id) };
}
