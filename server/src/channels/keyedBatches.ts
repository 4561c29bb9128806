/**
 * Work items of one key run one batch at a time in this process; the items submitted while a
 * batch of that key runs wait and then run together as the next batch. A burst of one customer's
 * messages is then stored in two statements instead of twenty, one after another (bench/, inbound).
 * Correctness still rests on the database's locks and unique indexes (several processes).
 *
 * `newStreak` makes what the batches of one key share while they follow one another without a
 * pause (one burst): `run` gets it with every batch, and it is dropped once the key has no work.
 */
export class KeyedBatches<I, O, S = undefined> {
  private waiting = new Map<string, { item: I; resolve(o: O): void; reject(e: unknown): void }[]>();

  /** `run` answers each item of a batch, in order. */
  constructor(
    private readonly run: (items: I[], streak: S) => Promise<O[]>,
    private readonly newStreak: () => S = () => undefined as S,
  ) {}

  submit(key: string, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) return void queue.push({ item, resolve, reject });
      this.waiting.set(key, [{ item, resolve, reject }]);
      void this.drain(key);
    });
  }

  private async drain(key: string) {
    const streak = this.newStreak();
    for (;;) {
      const batch = this.waiting.get(key)!;
      // what arrives from now on waits for this batch
      this.waiting.set(key, []);
      try {
        const answers = await this.run(batch.map((b) => b.item), streak);
        batch.forEach((b, i) => b.resolve(answers[i]));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
      if (!this.waiting.get(key)!.length) return void this.waiting.delete(key);
    }
  }

  /** Keys with work queued or running (for tests). */
  get size() {
    return this.waiting.size;
  }
}

/**
 * Runs a statement over a batch of items; if it fails (a lost connection, an aborted statement),
 * runs it again for each item alone, so one bad moment fails as few items as it can. The
 * statement must change nothing when it fails, as one statement does.
 */
export async function eachAloneOnFailure<I, O>(items: I[], run: (items: I[]) => Promise<O[]>): Promise<(O | Error)[]> {
  try {
    return await run(items);
  } catch (err) {
    if (items.length === 1) return [err as Error];
    return Promise.all(items.map((item) => run([item]).then(([o]) => o, (e: Error) => e)));
  }
}

/**
 * How many batches of one kind may run at once, each on its own pooled connection: a key's lane.
 * As many as the pool has connections (db/client.ts), so a statement waits for a batch mostly
 * when it would have waited for a connection anyway. With four lanes, messages at 200/s waited
 * for each other's statements (to-socket p50 37 ms instead of 9–11; bench/README, session 14).
 */
const LANES = 10;

/** The lane of an id (a number, or a text such as a phone number). */
export function laneOf(id: number | string) {
  if (typeof id === "number") return id % LANES;
  let sum = 0;
  for (let i = 0; i < id.length; i++) sum += id.charCodeAt(i);
  return sum % LANES;
}
