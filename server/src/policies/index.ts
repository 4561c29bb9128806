import { can, type Permission } from "@balcao/common";
import type { Caller } from "../context";
import { forbidden } from "../http/errors";

/** Throws ERR_NO_PERMISSION unless the caller's profile has the permission. */
export function authorize(caller: Caller, permission: Permission) {
  if (!can(caller.profile, permission)) throw forbidden();
}

export const isAdmin = (caller: Caller) => caller.profile === "admin";

export function requireSuper(caller: Caller) {
  if (!caller.super) throw forbidden();
}
