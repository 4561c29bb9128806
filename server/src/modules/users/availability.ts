import { and, eq } from "drizzle-orm";
import type { AvailabilityBody } from "@balcao/common";
import type { AppContext, Caller } from "../../context";
import { users } from "../../db/schema";
import { command } from "../../events/command";
import { actorOf } from "../../events/actor";
import { AppError } from "../../http/errors";
import { findUserForList } from "./present";
import { userUpdated } from "./events";

/**
 * The caller pauses or resumes automatic assignment to themself (any profile: it is about their
 * own work). Recorded as a `user.updated` of `paused`, so admins' user lists follow it and a resume
 * lets waiting tickets come (listeners/assignment.ts). Tickets already theirs stay theirs.
 */
export async function setAvailability(ctx: AppContext, caller: Caller, body: AvailabilityBody) {
  return command(ctx, async (tx, events) => {
    const [was] = await tx
      .select({ paused: users.paused })
      .from(users)
      .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.id)))
      .for("update");
    if (!was) throw new AppError("ERR_NO_USER_FOUND", 404);
    await tx
      .update(users)
      .set({ paused: body.paused, updatedAt: new Date() })
      .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.id)));
    const user = (await findUserForList(tx, caller.companyId, caller.id))!;
    if (was.paused !== body.paused) events.add(userUpdated(user, ["paused"], [], actorOf(caller)));
    return user;
  });
}
