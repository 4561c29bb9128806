import type { AppContext } from "../context";

/**
 * Sweeps the outbox every `everyMs` (and once at start): events a stopped process left, and events
 * whose listener failed and is due again. Several processes may sweep; each event is claimed by one.
 */
export function startEventSweeper(ctx: AppContext, everyMs = 5_000) {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    running = ctx.events
      .sweep()
      .catch((err) => ctx.log?.warn({ err }, "event sweep failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  };
  let timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
