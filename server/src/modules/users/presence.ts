import { and, eq } from "drizzle-orm";
import type { AppContext, Caller } from "../../context";
import { users } from "../../db/schema";
import { publish } from "../../events/command";
import { findUserForList } from "./present";
import { cameOnline } from "./events";

/** Marks the caller's user online or offline and tells their company. Best-effort: never throws. */
export async function setOnline(ctx: AppContext, caller: Caller, online: boolean) {
  try {
    const [was] = await ctx.db
      .select({ online: users.online })
      .from(users)
      .where(and(eq(users.companyId, caller.companyId), eq(users.id, caller.id)));
    await ctx.db.update(users).set({ online }).where(eq(users.id, caller.id));
    const user = await findUserForList(ctx.db, caller.companyId, caller.id);
    if (user) ctx.realtime.toCompany(caller.companyId, "user", { action: "update", user });
    // an attendant who comes online may take waiting tickets (automation/assignment/)
    if (user && online && was && !was.online) await publish(ctx, cameOnline(user));
  } catch {
    // presence is best-effort; the database may be closing
  }
}
