import { eq } from "drizzle-orm";
import type { AppContext, Caller } from "../../context";
import { users } from "../../db/schema";
import { findUserForList } from "./present";

/** Marks the caller's user online or offline and tells their company. Best-effort: never throws. */
export async function setOnline(ctx: AppContext, caller: Caller, online: boolean) {
  try {
    await ctx.db.update(users).set({ online }).where(eq(users.id, caller.id));
    const user = await findUserForList(ctx.db, caller.companyId, caller.id);
    if (user) ctx.realtime.toCompany(caller.companyId, "user", { action: "update", user });
  } catch {
    // presence is best-effort; the database may be closing
  }
}
