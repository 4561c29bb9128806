import type { AppContext } from "../context";

type Waker = (at: Date) => Promise<void>;

/** The running job runner of each app (several apps share a process in tests), keyed by its context. */
const wakers = new WeakMap<AppContext, Waker>();

export function registerSendRetryWaker(ctx: AppContext, waker: Waker) {
  wakers.set(ctx, waker);
}

export function unregisterSendRetryWaker(ctx: AppContext) {
  wakers.delete(ctx);
}

/**
 * Asks the job runner to send again, at `at`, messages a channel turned back for its rate
 * limits (a delayed job, kept in the database). Without a runner it does nothing: the minute
 * sweep of any running process sends them.
 */
export async function wakeSendRetriesAt(ctx: AppContext, at: Date) {
  const waker = wakers.get(ctx);
  if (!waker) return;
  await waker(at).catch((err) => ctx.log?.warn({ err }, "send retry wake-up not queued"));
}
