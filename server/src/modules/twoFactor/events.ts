import type { Actor, NewEvent } from "../../events/types";

const userStream = (userId: number) => `user:${userId}`;

type TwoFactorChange = "twoFactorEnabled" | "twoFactorDisabled" | "twoFactorReset" | "twoFactorRecoveryCodesRenewed";

/** A change to a user's second factor (never its secret nor codes); the `user.` family is audited. */
export function twoFactorChanged(change: TwoFactorChange, user: { id: number; companyId: number; email: string }, actor: Actor): NewEvent {
  return { type: `user.${change}`, companyId: user.companyId, stream: userStream(user.id), actor, data: { userId: user.id, email: user.email } };
}

/** A company's (or, with `platform`, every company's) requirement of a second factor changed. */
export function twoFactorPolicyUpdated(companyId: number | null, required: boolean, actor: Actor): NewEvent {
  return { type: "company.twoFactorPolicyUpdated", companyId, stream: companyId === null ? "platform" : `company:${companyId}`, actor, data: { required, platform: companyId === null } };
}
