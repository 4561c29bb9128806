import { ne } from "drizzle-orm";
import type { AppContext } from "../../context";
import { queues } from "../../db/schema";
import { assignWaiting } from "./assign";

/**
 * Every company with an automatic queue assigns what waits: run by the minute sweep and at start,
 * so a ticket whose trigger a stop lost (or whose attendant freed up unseen) waits a minute at most.
 */
export async function assignEverywhere(ctx: AppContext) {
  const companies = await ctx.db.selectDistinct({ companyId: queues.companyId }).from(queues).where(ne(queues.assignmentMode, "manual"));
  for (const { companyId } of companies) {
    await assignWaiting(ctx, companyId).catch((err) => ctx.log?.warn({ err, companyId }, "automatic assignment failed; the next sweep tries again"));
  }
}
