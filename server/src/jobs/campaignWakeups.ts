import type { AppContext } from "../context";

type Waker = (at: Date) => Promise<void>;

/** The running job runner of each app (several apps share a process in tests), keyed by its context. */
const wakers = new WeakMap<AppContext, Waker>();

export function registerCampaignWaker(ctx: AppContext, waker: Waker) {
  wakers.set(ctx, waker);
}

export function unregisterCampaignWaker(ctx: AppContext) {
  wakers.delete(ctx);
}

/**
 * Asks the job runner to look at the campaigns at `at` (a delayed job, kept in the database): a
 * campaign starts on its time, a restarted one goes on at once. Without a runner it does nothing:
 * the minute sweep of any running process still finds them.
 */
export async function wakeCampaignsAt(ctx: AppContext, at: Date) {
  const waker = wakers.get(ctx);
  if (!waker) return;
  await waker(at).catch((err) => ctx.log?.warn({ err }, "campaign wake-up not queued"));
}
