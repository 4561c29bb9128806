import type { NewEvent } from "../../events/types";

const userStream = (userId: number) => `user:${userId}`;

/** `closedSessionIds`: the user's other sessions, ended by this sign-in (one browser at a time). */
export function signedIn(user: { id: number; companyId: number; email: string }, ip: string, closedSessionIds: string[]): NewEvent {
  return {
    type: "auth.signedIn",
    companyId: user.companyId,
    stream: userStream(user.id),
    actor: { userId: user.id, ip },
    data: { userId: user.id, email: user.email },
    transient: { closedSessionIds },
  };
}

/** Wrong email or password; the account tried (when the email is one) is named, never the password. */
export function signInFailed(email: string, ip: string, account?: { id: number; companyId: number }): NewEvent {
  return {
    type: "auth.signInFailed",
    companyId: account?.companyId ?? null,
    stream: account ? userStream(account.id) : `signIn:${email}`,
    actor: { userId: null, ip },
    data: account ? { email, userId: account.id } : { email },
  };
}

/**
 * Sessions ended: by their user signing out (with the address), or because a refresh was refused
 * (`reason`: the refresh token was replayed or had lapsed, or the company expired).
 */
export function signedOut(session: { userId: number; companyId: number }, sessionIds: string[], opts: { ip?: string; reason?: "refreshRefused" | "companyExpired" }): NewEvent {
  return {
    type: "auth.signedOut",
    companyId: session.companyId,
    stream: userStream(session.userId),
    actor: opts.reason ? undefined : { userId: session.userId, ip: opts.ip ?? null },
    data: { userId: session.userId, ...(opts.reason ? { reason: opts.reason } : {}) },
    transient: { sessionIds },
  };
}
