import type { AppContext } from "../../context";

type Waker = (at: Date) => Promise<void>;

/** The running job runner of each app (several apps share a process in tests). */
const wakers = new WeakMap<AppContext, Waker>();

export function registerIntegrationWaker(ctx: AppContext, waker: Waker) {
  wakers.set(ctx, waker);
}

export function unregisterIntegrationWaker(ctx: AppContext) {
  wakers.delete(ctx);
}

/** Asks the job runner to try due integration calls at `at`; without a runner, the minute sweep of any process does. */
export async function wakeIntegrationCalls(ctx: AppContext, at: Date) {
  const waker = wakers.get(ctx);
  if (waker) await waker(at).catch((err) => ctx.log?.warn({ err }, "integration wake-up not queued"));
}
