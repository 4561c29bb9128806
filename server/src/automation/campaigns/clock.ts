import type { AppContext } from "../../context";

/** The sender's time: tests give their own, so a paced campaign runs in milliseconds and its pauses can be read. */
export interface CampaignClock {
  now(): Date;
  /** Waits `ms`, or less when `signal` aborts (the process is stopping). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** In [0, 1): the message chosen and the pause's jitter. */
  random(): number;
}

export const realClock: CampaignClock = {
  now: () => new Date(),
  random: Math.random,
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    }),
};

const clocks = new WeakMap<AppContext, CampaignClock>();

/** Gives an app's campaign sender its clock (tests). */
export function useCampaignClock(ctx: AppContext, clock: CampaignClock) {
  clocks.set(ctx, clock);
}

export const campaignClock = (ctx: AppContext) => clocks.get(ctx) ?? realClock;
