import type { UserListItem } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

export const userStream = (userId: number) => `user:${userId}`;

/** Fields whose change makes the user's sockets join their rooms again under the new rules. */
export const ROOM_RULE_FIELDS = ["profile", "allTicket", "queueIds"];

const factsOf = (user: { id: number; name: string; email: string; profile: string }) => ({ userId: user.id, name: user.name, email: user.email, profile: user.profile });

export function userCreated(user: UserListItem, actor: Actor): NewEvent {
  return { type: "user.created", companyId: user.companyId, stream: userStream(user.id), actor, data: factsOf(user), transient: { user } };
}

/** `closedSessionIds`: sessions a new password ended, whose sockets are closed. */
export function userUpdated(user: UserListItem, changed: string[], closedSessionIds: string[], actor: Actor): NewEvent {
  return { type: "user.updated", companyId: user.companyId, stream: userStream(user.id), actor, data: { ...factsOf(user), changed }, transient: { user, closedSessionIds } };
}

export function userDeleted(user: { id: number; companyId: number; name: string; email: string; profile: string }, sessionIds: string[], actor: Actor): NewEvent {
  return { type: "user.deleted", companyId: user.companyId, stream: userStream(user.id), actor, data: factsOf(user), transient: { sessionIds } };
}

/**
 * The user came online (their first socket connected). Not a `user.` event: presence is no
 * admin's act for the audit trail; automatic assignment listens to it.
 */
export function cameOnline(user: UserListItem): NewEvent {
  return { type: "presence.online", companyId: user.companyId, stream: userStream(user.id), data: { userId: user.id } };
}
