import type { AppContext } from "../context";

type Waker = (companyId: number) => Promise<void>;

/** The running job runner of each app (several apps share a process in tests), keyed by its context. */
const wakers = new WeakMap<AppContext, Waker>();

export function registerCompanyDeletionWaker(ctx: AppContext, waker: Waker) {
  wakers.set(ctx, waker);
}

export function unregisterCompanyDeletionWaker(ctx: AppContext) {
  wakers.delete(ctx);
}

/**
 * Queues the deletion of a company's data now. Without a runner in this process it does nothing:
 * the minute sweep of any running process finds the company marked and deletes it.
 */
export async function wakeCompanyDeletion(ctx: AppContext, companyId: number) {
  const waker = wakers.get(ctx);
  if (!waker) return;
  await waker(companyId).catch((err) => ctx.log?.warn({ err, companyId }, "company deletion not queued"));
}
