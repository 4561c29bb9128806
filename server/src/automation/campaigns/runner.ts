import { eq } from "drizzle-orm";
import { perApp, type AppContext } from "../../context";
import { campaigns } from "../../db/schema";
import { runCampaign } from "./send";
import { ensureShippings, startDueCampaigns } from "./start";

/** The campaigns this process is sending, each with its stop. */
const running = perApp(() => new Map<number, { stop: AbortController; done: Promise<unknown> }>());

/**
 * Starts the due campaigns and makes sure each running one has its sender in this process. Senders
 * of several processes share a campaign safely (sendNext): the pace and the contacts are in the database.
 */
export async function sweepCampaigns(ctx: AppContext) {
  await startDueCampaigns(ctx);
  const live = await ctx.db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.status, "EM_ANDAMENTO"));
  const mine = running(ctx);
  for (const { id } of live) {
    if (mine.has(id)) continue;
    const stop = new AbortController();
    const done = ensureShippings(ctx, id)
      .then(() => runCampaign(ctx, id, stop.signal))
      .catch((err) => ctx.log?.warn({ err, campaignId: id }, "campaign sender stopped"))
      .finally(() => mine.delete(id));
    mine.set(id, { stop, done });
  }
}

/** Stops this process's senders (the app stops): each ends after its current step. */
export async function stopCampaignSenders(ctx: AppContext) {
  const mine = running(ctx);
  for (const r of mine.values()) r.stop.abort();
  await Promise.all([...mine.values()].map((r) => r.done));
}
