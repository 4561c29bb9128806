import { describe, expect, it } from "vitest";
import { OneAtATime } from "./oneAtATime";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("OneAtATime", () => {
  it("runs tasks of one key one after another, in order, and tasks of other keys alongside", async () => {
    const queue = new OneAtATime();
    const log: string[] = [];
    const task = (name: string, ms: number) => async () => {
      log.push(`${name} start`);
      await tick(ms);
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([queue.run("a", task("a1", 20)), queue.run("a", task("a2", 1)), queue.run("b", task("b1", 5))]);
    expect(results).toEqual(["a1", "a2", "b1"]);
    expect(log.indexOf("a2 start")).toBeGreaterThan(log.indexOf("a1 end"));
    expect(log.indexOf("b1 start")).toBeLessThan(log.indexOf("a1 end"));
  });

  it("a failed task answers with its error and does not hold up the next; finished keys are forgotten", async () => {
    const queue = new OneAtATime();
    const failed = queue.run("a", async () => {
      throw new Error("boom");
    });
    const next = queue.run("a", async () => "next");
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe("next");
    await tick(0);
    expect(queue.size).toBe(0);
  });
});
