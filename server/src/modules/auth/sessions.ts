import { and, eq, isNull } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { userSessions } from "../../db/schema";
import { REFRESH_TOKEN_TTL_SECONDS, hashSecret, newRefreshSecret, nextRefreshSecret } from "./tokens";

const expiry = () => new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000);

/** Opens a session and closes every other one of the user (one signed-in browser at a time). */
export async function openSession(db: Db, user: { id: number; companyId: number }, meta: { ip?: string; userAgent?: string }) {
  const secret = newRefreshSecret();
  const { session, closed } = await db.transaction(async (tx) => {
    const closed = await tx
      .update(userSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(userSessions.userId, user.id), isNull(userSessions.revokedAt)))
      .returning({ id: userSessions.id });
    const [session] = await tx
      .insert(userSessions)
      .values({ userId: user.id, companyId: user.companyId, refreshHash: hashSecret(secret), expiresAt: expiry(), ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) })
      .returning({ id: userSessions.id });
    return { session, closed: closed.map((c) => c.id) };
  });
  return { sessionId: session.id, secret, closedSessionIds: closed };
}

/** Refreshes that arrive together with one token (a page mounting several session hooks) all succeed within this window. */
export const ROTATION_GRACE_MS = 10_000;

/**
 * Rotates the refresh secret. The next secret derives from the presented one, so refreshes racing
 * with the same token get the same next secret. A secret rotated away longer ago than the grace
 * window, or never issued, means the token was copied: the whole session is closed.
 */
export async function rotateSession(db: Db, sessionId: string, presentedSecret: string, key: string) {
  const [session] = await db.select().from(userSessions).where(eq(userSessions.id, sessionId));
  if (!session || session.revokedAt || session.expiresAt < new Date()) return null;
  const secret = nextRefreshSecret(presentedSecret, key);
  const updated = await db
    .update(userSessions)
    .set({ refreshHash: hashSecret(secret), expiresAt: expiry() })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.refreshHash, hashSecret(presentedSecret)), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  if (updated.length === 0) {
    const [now] = await db.select().from(userSessions).where(eq(userSessions.id, sessionId));
    const rotatedAt = now ? now.expiresAt.getTime() - REFRESH_TOKEN_TTL_SECONDS * 1000 : 0;
    if (now && !now.revokedAt && now.refreshHash === hashSecret(secret) && Date.now() - rotatedAt <= ROTATION_GRACE_MS) return { session: now, secret };
    await revokeSession(db, sessionId);
    return null;
  }
  return { session, secret };
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(userSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
}

/** The caller behind an access token's session, or null when the session is gone (read on every request). */
export async function findActiveSessionUser(database: Database, sessionId: string) {
  const [row] = await database.query<{ id: number; companyId: number; profile: string; super: boolean; allTicket: string }>(
    `select u.id, u.company_id as "companyId", u.profile, u.super, u.all_ticket as "allTicket"
     from user_sessions s join users u on u.id = s.user_id
     where s.id = $1 and s.revoked_at is null and s.expires_at > now()`,
    [sessionId],
    { prepared: true },
  );
  return row ?? null;
}
