import type { AppContext } from "../context";

type Waker = () => Promise<void>;

/** The running job runner of each app (several apps share a process in tests), keyed by its context. */
const wakers = new WeakMap<AppContext, Waker>();

export function registerContactListCheckWaker(ctx: AppContext, waker: Waker) {
  wakers.set(ctx, waker);
}

export function unregisterContactListCheckWaker(ctx: AppContext) {
  wakers.delete(ctx);
}

/**
 * Asks for the WhatsApp check of the list items still unchecked, now. Without a runner in this
 * process (a web process, or tests without jobs) it does nothing: the minute run of any process
 * that runs the jobs finds them, since an unchecked item is marked in its row.
 */
export async function wakeContactListCheck(ctx: AppContext) {
  const waker = wakers.get(ctx);
  if (!waker) return;
  await waker().catch((err) => ctx.log?.warn({ err }, "contact list check not queued"));
}
