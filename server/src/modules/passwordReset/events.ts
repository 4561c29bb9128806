import type { NewEvent } from "../../events/types";

/**
 * A user set a new password with a mailed code; every session of the user was closed
 * (`closedSessionIds`, whose sockets close). Neither the code nor the password is recorded.
 */
export function passwordReset(user: { id: number; companyId: number; email: string }, ip: string, closedSessionIds: string[]): NewEvent {
  return {
    type: "user.passwordReset",
    companyId: user.companyId,
    stream: `user:${user.id}`,
    actor: { userId: user.id, ip },
    data: { userId: user.id, email: user.email, closedSessions: closedSessionIds.length },
    transient: { closedSessionIds },
  };
}
