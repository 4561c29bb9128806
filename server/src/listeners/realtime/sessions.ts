import { and, eq, gte, isNotNull } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { DomainEvent, Listener } from "../../events/types";
import { userSessions } from "../../db/schema";
import { ROOM_RULE_FIELDS } from "../../modules/users/events";
import { subjectOf } from "./viewOf";

const TYPES = new Set(["auth.signedIn", "auth.signedOut", "user.updated", "user.passwordReset", "user.deleted"]);
/** A browser signed in elsewhere keeps its socket this long, so the notice reaches it. */
const NOTICE_MS = 1_500;
/** Sessions an event ended were revoked in its transaction, within this of its time. */
const SAME_CHANGE_MS = 60_000;

/** The sessions the event ended: as the command listed them, or those of the user revoked with it (after a stop). */
async function endedSessions(ctx: AppContext, event: DomainEvent, userId: number, key: string): Promise<string[]> {
  const given = event.transient?.[key] as string[] | undefined;
  if (given) return given;
  const rows = await ctx.db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNotNull(userSessions.revokedAt), gte(userSessions.revokedAt, new Date(event.occurredAt.getTime() - SAME_CHANGE_MS))));
  return rows.map((r) => r.id);
}

/**
 * Sockets follow the sessions: a sign-in tells the browser signed in before to leave and closes it,
 * a sign-out, a new password or a password reset closes the ended sessions, a deleted user's sockets close, and a
 * user whose profile or queues changed joins the rooms again under the new rules.
 */
export const sessionsRealtime: Listener = {
  name: "realtime.sessions",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "userId");
    if (!subject) return;
    const { companyId, id: userId } = subject;
    switch (event.type) {
      case "auth.signedIn": {
        // only when it happens: told again after a stop, it would send the new browser away too
        if (event.transient) ctx.realtime.toUser(companyId, userId, "auth", { action: "update", user: { id: userId, email: event.data.email, companyId } });
        return ctx.realtime.closeSessions(await endedSessions(ctx, event, userId, "closedSessionIds"), event.transient ? NOTICE_MS : 0);
      }
      case "auth.signedOut":
        return ctx.realtime.closeSessions(await endedSessions(ctx, event, userId, "sessionIds"));
      case "user.updated": {
        const changed: unknown[] = Array.isArray(event.data.changed) ? event.data.changed : [];
        if (changed.includes("password")) ctx.realtime.closeSessions(await endedSessions(ctx, event, userId, "closedSessionIds"));
        if (changed.some((field) => ROOM_RULE_FIELDS.includes(String(field)))) ctx.realtime.rejoinUser(companyId, userId);
        return;
      }
      case "user.passwordReset":
        return ctx.realtime.closeSessions(await endedSessions(ctx, event, userId, "closedSessionIds"));
      case "user.deleted": {
        const sessionIds = event.transient?.sessionIds as string[] | undefined;
        // after a stop its sessions are gone with it: every socket of the user closes
        return sessionIds ? ctx.realtime.closeSessions(sessionIds) : ctx.realtime.rejoinUser(companyId, userId);
      }
    }
  },
};
