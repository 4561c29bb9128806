import { and, eq, isNull } from "drizzle-orm";
import type { Database, Db } from "../../db/client";
import { userSessions, users } from "../../db/schema";
import { REFRESH_TOKEN_TTL_SECONDS, hashSecret, newRefreshSecret } from "./tokens";

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

/**
 * Rotates the refresh secret. A secret that was already rotated away means the token
 * was copied: the whole session is closed.
 */
export async function rotateSession(db: Db, sessionId: string, presentedSecret: string) {
  const [session] = await db.select().from(userSessions).where(eq(userSessions.id, sessionId));
  if (!session || session.revokedAt || session.expiresAt < new Date()) return null;
  const secret = newRefreshSecret();
  const updated = await db
    .update(userSessions)
    .set({ refreshHash: hashSecret(secret), expiresAt: expiry() })
    .where(and(eq(userSessions.id, sessionId), eq(userSessions.refreshHash, hashSecret(presentedSecret)), isNull(userSessions.revokedAt)))
    .returning({ id: userSessions.id });
  if (updated.length === 0) {
    await revokeSession(db, sessionId);
    return null;
  }
  return { session, secret };
}

export async function revokeSession(db: Db, sessionId: string) {
  await db.update(userSessions).set({ revokedAt: new Date() }).where(and(eq(userSessions.id, sessionId), isNull(userSessions.revokedAt)));
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

