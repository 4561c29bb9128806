import type { AppContext } from "../context";

type Waker = (at: Date) => Promise<void>;

/** The running job runner of each app (several apps share a process in tests), keyed by its context. */
const wakers = new WeakMap<AppContext, Waker>();

export function registerScheduleWaker(ctx: AppContext, waker: Waker) {
  wakers.set(ctx, waker);
}

export function unregisterScheduleWaker(ctx: AppContext) {
  wakers.delete(ctx);
}

/**
 * Asks the job runner to look for due schedules at `at` (a delayed job, kept in the database),
 * so a message goes out on its minute rather than at the next sweep. Without a runner it does
 * nothing: the minute sweep of any running process still sends it.
 */
export async function wakeSchedulesAt(ctx: AppContext, at: Date) {
  const waker = wakers.get(ctx);
  if (!waker) return;
  await waker(at).catch((err) => ctx.log?.warn({ err }, "schedule wake-up not queued"));
}
