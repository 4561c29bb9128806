import type { UserListItem } from "@balcao/common";
import type { Listener } from "../../events/types";
import { findUserForList } from "../../modules/users/present";
import { subjectOf, viewOf } from "./viewOf";

const TYPES = new Set(["user.created", "user.updated", "user.deleted"]);

/** Users to the company's sockets (`company-{id}-user`); closing and re-joining sockets is sessions.ts'. */
export const usersRealtime: Listener = {
  name: "realtime.users",
  accepts: (type) => TYPES.has(type),
  async handle(ctx, event) {
    const subject = subjectOf(event, "userId");
    if (!subject) return;
    const { companyId, id: userId } = subject;
    const deleted = { action: "delete", userId };
    if (event.type === "user.deleted") return ctx.realtime.toCompany(companyId, "user", deleted);
    const user = await viewOf<UserListItem>(event, "user", () => findUserForList(ctx.db, companyId, userId));
    ctx.realtime.toCompany(companyId, "user", user ? { action: event.type === "user.created" ? "create" : "update", user } : deleted);
  },
};
