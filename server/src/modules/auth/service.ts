import { eq } from "drizzle-orm";
import type { LoginBody, SessionUser } from "@balcao/common";
import type { AppContext } from "../../context";
import { companies, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { loadSessionUser } from "../users/present";
import { verifyAgainstNothing, verifyPassword } from "./passwords";
import type { LoginLimiter } from "./rateLimit";
import { openSession, revokeSession, rotateSession } from "./sessions";
import { signAccessToken, signRefreshToken, verifyRefreshToken } from "./tokens";
import { isCompanyExpired } from "../companies/dueDate";

export interface IssuedSession { token: string; refreshToken: string; user: SessionUser }

async function issue(ctx: AppContext, user: SessionUser, sessionId: string, secret: string): Promise<IssuedSession> {
  const [token, refreshToken] = await Promise.all([
    signAccessToken({ id: user.id, companyId: user.companyId, profile: user.profile, sid: sessionId }, ctx.secrets.jwtSecret),
    signRefreshToken({ sid: sessionId, secret }, ctx.secrets.jwtRefreshSecret),
  ]);
  return { token, refreshToken, user };
}

export async function login(ctx: AppContext, limiter: LoginLimiter, body: LoginBody, meta: { ip: string; userAgent?: string }) {
  const attempt = await limiter.begin(meta.ip, body.email);
  const [row] = await ctx.db
    .select({ user: users, company: companies })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, body.email));
  const ok = row ? await verifyPassword(row.user.passwordHash, body.password) : await verifyAgainstNothing(body.password);
  if (!row || !ok) throw new AppError("ERR_INVALID_CREDENTIALS", 401);
  await attempt.succeeded();
  if (isCompanyExpired(row.company)) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: row.company.dueDate });
  }
  // The browser signed in before this one is told to leave; its session is closed below.
  ctx.realtime.toUser(row.user.companyId, row.user.id, "auth", {
    action: "update",
    user: { id: row.user.id, email: row.user.email, companyId: row.user.companyId },
  });
  const { sessionId, secret, closedSessionIds } = await openSession(ctx.db, row.user, meta);
  ctx.realtime.closeSessions(closedSessionIds, 1_500);
  const user = await loadSessionUser(ctx.db, row.user.id);
  return issue(ctx, user!, sessionId, secret);
}

export async function refresh(ctx: AppContext, refreshToken: string | undefined) {
  const expired = () => new AppError("ERR_SESSION_EXPIRED", 401);
  if (!refreshToken) throw expired();
  const claims = await verifyRefreshToken(refreshToken, ctx.secrets.jwtRefreshSecret);
  if (!claims) throw expired();
  const rotated = await rotateSession(ctx.db, claims.sid, claims.secret, ctx.secrets.jwtRefreshSecret);
  if (!rotated) {
    ctx.realtime.closeSessions([claims.sid]);
    throw expired();
  }
  const user = await loadSessionUser(ctx.db, rotated.session.userId);
  if (!user || isCompanyExpired(user.company)) {
    await revokeSession(ctx.db, claims.sid);
    ctx.realtime.closeSessions([claims.sid]);
    throw expired();
  }
  return issue(ctx, user, claims.sid, rotated.secret);
}

/** Closes the session named by the refresh cookie (and by the access token, when given). */
export async function logout(ctx: AppContext, refreshToken: string | undefined, sessionId?: string) {
  const claims = refreshToken ? await verifyRefreshToken(refreshToken, ctx.secrets.jwtRefreshSecret) : null;
  const ended = [...new Set([claims?.sid, sessionId].filter(Boolean) as string[])];
  for (const sid of ended) await revokeSession(ctx.db, sid);
  ctx.realtime.closeSessions(ended);
}
