import { can, type Permission } from "@balcao/common";
import type { Caller } from "../context";
import { forbidden } from "../http/errors";

/** Throws ERR_NO_PERMISSION unless the caller's profile has the permission. */
export function authorize(caller: Caller, permission: Permission) {
  if (!can(caller.profile, permission)) throw forbidden();
}

export const isAdmin = (caller: Caller) => caller.profile === "admin";

/** Admins and supervisors reach the tickets of every queue (the named check tickets-manager:showall). */
export const seesEveryQueue = (caller: Caller) => can(caller.profile, "tickets-manager:showall");

export function requireSuper(caller: Caller) {
  if (!caller.super) throw forbidden();
}
