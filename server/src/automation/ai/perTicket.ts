/** One answer at a time per ticket in this process: a burst of messages is answered in order, each seeing the last reply. */
const running = new Map<string, Promise<unknown>>();

export function oneAtATime<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const next = before.then(work, work);
  running.set(key, next);
  void next
    .finally(() => {
      if (running.get(key) === next) running.delete(key);
    })
    .catch(() => undefined);
  return next;
}
