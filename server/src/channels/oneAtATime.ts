/**
 * Runs tasks with the same key one after another in this process. A burst of one customer's
 * messages then waits here, instead of each message holding a pooled database connection while
 * it waits on that customer's row lock: 20 photos sent at once used to take every connection of
 * the pool and stall all other requests for about a second (bench/, soak with bursts).
 * Correctness still rests on the database's locks and unique indexes (several processes).
 */
export class OneAtATime {
  private tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with work queued or running (for tests). */
  get size() {
    return this.tails.size;
  }
}
