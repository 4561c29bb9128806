/**
 * Work items of one key run in batches in this process, up to `slots` batches at once (one by
 * default). A batch starts after the current turn of the event loop, so the items submitted in
 * that turn go with it; those submitted while every slot is busy wait and then run together as
 * the next batch. A burst of one customer's messages that arrives at once is then stored in one
 * statement instead of twenty, one after another (bench/, inbound), and many customers' messages
 * share statements under load.
 * Correctness still rests on the database's locks and unique indexes (several processes).
 *
 * `newStreak` makes what the batches of one key share while they follow one another without a
 * pause (one burst): `run` gets it with every batch, and it is dropped once the key has no work.
 */
export class KeyedBatches<I, O, S = undefined> {
  private keys = new Map<string, KeyState<I, O, S>>();

  /** `run` answers each item of a batch, in order; up to `slots` batches of one key run at once. */
  constructor(
    private readonly run: (items: I[], streak: S) => Promise<O[]>,
    private readonly newStreak: () => S = () => undefined as S,
    private readonly slots = 1,
  ) {}

  submit(key: string, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      let state = this.keys.get(key);
      if (!state) this.keys.set(key, (state = { waiting: [], running: 0, starting: false, streak: this.newStreak() }));
      state.waiting.push({ item, resolve, reject });
      if (state.running < this.slots && !state.starting) {
        // after this turn: a burst's requests that arrived with this one join its batch
        state.starting = true;
        const s = state;
        setImmediate(() => {
          s.starting = false;
          if (s.waiting.length && s.running < this.slots) void this.drain(key, s);
        });
      }
    });
  }

  private async drain(key: string, state: KeyState<I, O, S>) {
    state.running++;
    while (state.waiting.length) {
      const batch = state.waiting;
      // what arrives from now on waits for a free slot
      state.waiting = [];
      try {
        const answers = await this.run(
          batch.map((b) => b.item),
          state.streak,
        );
        batch.forEach((b, i) => b.resolve(answers[i]));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    if (--state.running === 0) this.keys.delete(key);
  }

  /** Keys with work queued or running (for tests). */
  get size() {
    return this.keys.size;
  }
}

interface Waiting<I, O> {
  item: I;
  resolve(o: O): void;
  reject(e: unknown): void;
}

/** A key with work: what waits for a slot, how many of its batches run, its streak. */
interface KeyState<I, O, S> {
  waiting: Waiting<I, O>[];
  running: number;
  starting: boolean;
  streak: S;
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
    return Promise.all(
      items.map((item) =>
        run([item]).then(
          ([o]) => o,
          (e: Error) => e,
        ),
      ),
    );
  }
}

/**
 * How many batches of one kind (one key) may run at once, each on its own pooled connection.
 * Two: on two cores more statements at once only share the cores, while what waits
 * meanwhile makes the next batch larger and each message cheaper. At full speed (64 in flight)
 * two slots stored 502–678 msg/s at 2.2–3.0 ms of CPU per message, three 475–653, ten 366–434,
 * and the ten hashed lanes before them 282–283 at 5.4 ms; at 200 msg/s the to-socket p99 was
 * 67–133 ms with two against 239–312 ms with the lanes (bench/README, Conclusions: "two batch
 * slots per kind").
 */
export const BATCH_SLOTS = 2;
