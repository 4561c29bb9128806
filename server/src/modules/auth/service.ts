import { and, eq, inArray, isNull } from "drizzle-orm";
import type { LoginBody, SessionUser } from "@balcao/common";
import type { AppContext } from "../../context";
import { companies, userSessions, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { loadSessionUser } from "../users/present";
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from "./passwords";
import type { LoginLimiter } from "./rateLimit";
import { openSession, revokeSession, rotateSession } from "./sessions";
import { signAccessToken, signRefreshToken, verifyRefreshToken } from "./tokens";
import { isCompanyExpired } from "../companies/dueDate";
import { companyRefused } from "../companies/sendingAllowed";
import { command, publish } from "../../events/command";
import { signedIn, signInFailed, signedOut } from "./events";
import { challengeAfterPassword, completeChallenge } from "../twoFactor/service";

export interface IssuedSession {
  token: string;
  refreshToken: string;
  user: SessionUser;
}

async function issue(ctx: AppContext, user: SessionUser, sessionId: string, secret: string): Promise<IssuedSession> {
  const [token, refreshToken] = await Promise.all([
    signAccessToken({ id: user.id, companyId: user.companyId, profile: user.profile, sid: sessionId }, ctx.secrets.jwtSecret),
    signRefreshToken({ sid: sessionId, secret }, ctx.secrets.jwtRefreshSecret),
  ]);
  return { token, refreshToken, user };
}

export async function login(ctx: AppContext, limiter: LoginLimiter, body: LoginBody, meta: { ip: string; userAgent?: string }) {
  const attempt = await limiter.begin(meta.ip, body.email);
  const [row] = await ctx.db.select({ user: users, company: companies }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.email, body.email));
  const ok = row ? await verifyPassword(row.user.passwordHash, body.password) : await verifyAgainstNothing(body.password);
  if (!row || !ok) {
    await publish(ctx, signInFailed(body.email, meta.ip, row?.user));
    throw new AppError("ERR_INVALID_CREDENTIALS", 401);
  }
  await attempt.succeeded();
  // a hash moved in from another system (bcrypt) becomes Argon2id now that the password is known
  if (needsRehash(row.user.passwordHash)) {
    const passwordHash = await hashPassword(body.password);
    await ctx.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, row.user.id), eq(users.passwordHash, row.user.passwordHash)));
  }
  if (isCompanyExpired(row.company)) throw companyRefused(row.company);
  // with a second factor (or one required), the session opens after its code (modules/twoFactor)
  const challenge = await challengeAfterPassword(ctx, row.user);
  if (challenge) return challenge;
  return openSignedIn(ctx, row.user, meta);
}

/** Opens the session of a user who proved who they are. */
async function openSignedIn(ctx: AppContext, account: typeof users.$inferSelect, meta: { ip: string; userAgent?: string }) {
  // The browser signed in before this one is told to leave, and its session closes (listeners/realtime/sessions.ts).
  const { sessionId, secret } = await command(ctx, async (tx, events) => {
    const opened = await openSession(tx, account, meta);
    events.add(signedIn(account, meta.ip, opened.closedSessionIds));
    return opened;
  });
  const user = await loadSessionUser(ctx.db, account.id);
  return issue(ctx, user!, sessionId, secret);
}

/** The second step of a sign-in: the challenge's code right, the session opens as the password alone opens it otherwise. */
export async function loginSecondStep(ctx: AppContext, limiter: LoginLimiter, body: { challenge: string; code: string }, meta: { ip: string; userAgent?: string }) {
  const { userId, recoveryCodes } = await completeChallenge(ctx, limiter, body, meta.ip);
  const [row] = await ctx.db.select({ user: users, company: companies }).from(users).innerJoin(companies, eq(companies.id, users.companyId)).where(eq(users.id, userId));
  if (isCompanyExpired(row.company)) throw companyRefused(row.company);
  return { ...(await openSignedIn(ctx, row.user, meta)), recoveryCodes };
}

export async function refresh(ctx: AppContext, refreshToken: string | undefined) {
  const expired = () => new AppError("ERR_SESSION_EXPIRED", 401);
  if (!refreshToken) throw expired();
  const claims = await verifyRefreshToken(refreshToken, ctx.secrets.jwtRefreshSecret);
  if (!claims) throw expired();
  const rotated = await rotateSession(ctx.db, claims.sid, claims.secret, ctx.secrets.jwtRefreshSecret);
  if (!rotated) {
    await refreshRefused(ctx, claims.sid, "refreshRefused");
    throw expired();
  }
  const user = await loadSessionUser(ctx.db, rotated.session.userId);
  if (!user || isCompanyExpired(user.company)) {
    await revokeSession(ctx.db, claims.sid);
    await refreshRefused(ctx, claims.sid, "companyExpired");
    throw expired();
  }
  return issue(ctx, user, claims.sid, rotated.secret);
}

/** A refused refresh ends its session (when it still exists): its sockets close. */
async function refreshRefused(ctx: AppContext, sessionId: string, reason: "refreshRefused" | "companyExpired") {
  const [session] = await ctx.db.select({ userId: userSessions.userId, companyId: userSessions.companyId }).from(userSessions).where(eq(userSessions.id, sessionId));
  if (session) await publish(ctx, signedOut(session, [sessionId], { reason }));
}

/** Closes the session named by the refresh cookie (and by the access token, when given). */
export async function logout(ctx: AppContext, refreshToken: string | undefined, sessionId: string | undefined, meta: { ip: string }) {
  const claims = refreshToken ? await verifyRefreshToken(refreshToken, ctx.secrets.jwtRefreshSecret) : null;
  const ended = [...new Set([claims?.sid, sessionId].filter(Boolean) as string[])];
  if (ended.length === 0) return;
  await command(ctx, async (tx, events) => {
    const revoked = await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(and(inArray(userSessions.id, ended), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id, userId: userSessions.userId, companyId: userSessions.companyId });
    const byUser = new Map<number, typeof revoked>();
    for (const r of revoked) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
    for (const sessions of byUser.values())
      events.add(
        signedOut(
          sessions[0],
          sessions.map((s) => s.id),
          { ip: meta.ip },
        ),
      );
  });
}
