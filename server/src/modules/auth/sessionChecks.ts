import { perApp, type AppContext } from "../../context";
import { findActiveSessionUser } from "./sessions";

type SessionUser = NonNullable<Awaited<ReturnType<typeof findActiveSessionUser>>>;

/** How long a checked session is trusted without reading the database again. */
export const SESSION_CHECK_TTL_MS = 2_000;
const MAX_ENTRIES = 20_000;

/**
 * The sessions checked in the last SESSION_CHECK_TTL_MS, so the requests a browser fires together
 * (a screen's lists, its counts, the socket's joins) read the session and its user once. Every
 * change made through this process forgets the entries it touches at once: a closed session, a user
 * updated or deleted. A change made by another process (a second server, SQL by hand) is seen
 * within the TTL.
 */
class SessionChecks {
  private entries = new Map<string, { user: SessionUser; checkedAt: number }>();

  constructor(private readonly ctx: AppContext) {}

  async user(sessionId: string): Promise<SessionUser | null> {
    const hit = this.entries.get(sessionId);
    if (hit && Date.now() - hit.checkedAt < SESSION_CHECK_TTL_MS) return hit.user;
    const startedAt = Date.now();
    const generation = this.generation;
    const user = await findActiveSessionUser(this.ctx.database, sessionId);
    this.entries.delete(sessionId);
    // a forget that ran while the database was read may have been about this very row
    if (user && generation === this.generation) {
      this.entries.set(sessionId, { user, checkedAt: startedAt });
      if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    }
    return user;
  }

  forgetSessions(sessionIds: Iterable<string>) {
    this.generation++;
    for (const id of sessionIds) this.entries.delete(id);
  }

  forgetUser(userId: number) {
    this.generation++;
    for (const [id, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(id);
  }

  private generation = 0;
}

export const sessionChecks = perApp((ctx) => new SessionChecks(ctx));
