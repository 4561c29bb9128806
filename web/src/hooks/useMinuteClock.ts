import { useSyncExternalStore } from "react";

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // one timer for every subscriber, stopped when the last one leaves
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The time now, moving once a minute: counters re-render without refetching anything. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, () => {
    if (!timer) now = Date.now();
    return now;
  });
}
