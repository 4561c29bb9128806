import { describe, expect, it } from "vitest";
import { eachAloneOnFailure, KeyedBatches } from "./keyedBatches";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("KeyedBatches", () => {
  it("starts a key's batch after the current turn of the event loop: what came in that turn goes with it, what comes later waits and goes together next; other keys alongside", async () => {
    const batches: string[][] = [];
    const queue = new KeyedBatches<string, string>(async (items) => {
      batches.push(items);
      await tick(10);
      return items.map((i) => i.toUpperCase());
    });
    const first = [queue.submit("a", "a1"), queue.submit("b", "b1"), queue.submit("a", "a2")];
    await tick(2);
    const later = [queue.submit("a", "a3"), queue.submit("a", "a4")];
    expect(await Promise.all([...first, ...later])).toEqual(["A1", "B1", "A2", "A3", "A4"]);
    expect(batches).toEqual([["a1", "a2"], ["b1"], ["a3", "a4"]]);
    expect(queue.size).toBe(0);
  });

  it("runs up to `slots` batches of a key at once; what arrives while every slot is busy goes together into the next free one", async () => {
    const batches: number[][] = [];
    let running = 0;
    let most = 0;
    const queue = new KeyedBatches<number, number>(
      async (items) => {
        batches.push(items);
        most = Math.max(most, ++running);
        await tick(10);
        running--;
        return items.map((i) => -i);
      },
      undefined,
      2,
    );
    const first = [1, 2].map((i) => queue.submit("k", i));
    await tick(2);
    // the second slot is free
    const second = queue.submit("k", 3);
    await tick(2);
    // both are busy: these wait, then go together
    const later = [4, 5].map((i) => queue.submit("k", i));
    expect(await Promise.all([...first, second, ...later])).toEqual([-1, -2, -3, -4, -5]);
    expect(batches).toEqual([[1, 2], [3], [4, 5]]);
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it("a failed batch answers each of its items with the error and does not hold up the next", async () => {
    let calls = 0;
    const queue = new KeyedBatches<number, number>(async (items) => {
      if (calls++ === 0) {
        await tick(5);
        throw new Error("boom");
      }
      return items.map((i) => i * 2);
    });
    const failed = queue.submit("a", 1);
    await tick(1);
    const next = [queue.submit("a", 2), queue.submit("a", 3)];
    await expect(failed).rejects.toThrow("boom");
    await expect(Promise.all(next)).resolves.toEqual([4, 6]);
    expect(queue.size).toBe(0);
  });

  it("shares a streak between the batches of a key that follow one another, and starts a new one after a pause", async () => {
    const seen: [string[], number][] = [];
    let streaks = 0;
    const queue = new KeyedBatches<string, null, { n: number; id: number }>(
      async (items, streak) => {
        seen.push([items, streak.id]);
        streak.n += items.length;
        await tick(5);
        return items.map(() => null);
      },
      () => ({ n: 0, id: ++streaks }),
    );
    const started = [queue.submit("a", "a1"), queue.submit("b", "b1")];
    await tick(1);
    await Promise.all([...started, queue.submit("a", "a2")]);
    await queue.submit("a", "a3");
    expect(seen).toEqual([
      [["a1"], 1],
      [["b1"], 2],
      [["a2"], 1],
      [["a3"], 3],
    ]);
  });

  it("eachAloneOnFailure runs a failed batch again item by item, failing only the items that fail alone", async () => {
    const calls: number[][] = [];
    const answers = await eachAloneOnFailure([1, 2, 3], async (items) => {
      calls.push(items);
      if (items.includes(2)) throw new Error(`bad ${items.join(",")}`);
      return items.map((i) => i * 10);
    });
    expect(answers).toEqual([10, new Error("bad 2"), 30]);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
