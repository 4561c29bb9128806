import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startTestApp, type TestApp } from "../test/harness";
import { domainEvents } from "../db/schema";
import { command } from "./command";
import { EventLog } from "./record";
import type { DomainEvent, Listener } from "./types";

let t: TestApp;
const seen: { listener: string; id: number; stream: string; transient: boolean }[] = [];
let failuresLeft = 0;

const recorder = (name: string, fail = false): Listener => ({
  name,
  accepts: (type) => type.startsWith("probe."),
  async handle(_ctx, event: DomainEvent) {
    if (fail && failuresLeft > 0) {
      failuresLeft--;
      throw new Error("receiver down");
    }
    seen.push({ listener: name, id: event.id, stream: event.stream, transient: !!event.transient });
  },
});

beforeAll(async () => {
  t = await startTestApp({ build: { eventGraceMs: 0 } });
  t.built.ctx.events.register(recorder("probe-a"), recorder("probe-b", true));
});
afterAll(() => t.close());

const probe = (stream: string, n: number) => ({ type: "probe.happened", companyId: 1, stream, data: { n }, transient: { view: n } });
const rowOf = async (id: number) => (await t.built.ctx.db.select().from(domainEvents).where(eq(domainEvents.id, id)))[0];

describe("domain events", () => {
  it("commit with the change and reach every listener once, after commit", async () => {
    seen.length = 0;
    const ids = await command(t.built.ctx, async (_tx, events) => {
      events.add(probe("ticket:1", 1), probe("ticket:1", 2));
      expect(seen).toEqual([]);
    }).then(() => seen.map((s) => s.id));
    expect(seen.map((s) => s.listener)).toEqual(["probe-a", "probe-b", "probe-a", "probe-b"]);
    await t.built.ctx.events.drain();
    // handled by every listener: no longer kept
    expect(await rowOf(ids[0])).toBeUndefined();
    expect(await t.built.ctx.events.sweep()).toBe(0);
  });

  it("are not recorded when the command fails", async () => {
    const before = (await t.built.ctx.db.select().from(domainEvents)).length;
    await expect(
      command(t.built.ctx, async (_tx, events) => {
        events.add(probe("ticket:2", 1));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect((await t.built.ctx.db.select().from(domainEvents)).length).toBe(before);
  });

  it("left undispatched by a stop are dispatched by a sweep, in order, without the transient views", async () => {
    seen.length = 0;
    const log = new EventLog();
    log.add(probe("ticket:3", 1), probe("ticket:3", 2), probe("ticket:4", 1));
    await t.built.ctx.db.transaction((tx) => log.flush(tx)); // committed, never dispatched: the process stopped
    expect(await t.built.ctx.events.sweep()).toBe(3);
    const three = seen.filter((s) => s.stream === "ticket:3" && s.listener === "probe-a").map((s) => s.id);
    expect(three).toEqual(log.recorded.filter((e) => e.stream === "ticket:3").map((e) => e.id));
    expect(seen.every((s) => !s.transient)).toBe(true);
    expect(await t.built.ctx.events.sweep()).toBe(0);
  });

  it("retry only the listener that failed, with backoff, and hold the stream's later events back", async () => {
    seen.length = 0;
    failuresLeft = 1;
    await command(t.built.ctx, async (_tx, events) => events.add(probe("ticket:5", 1)));
    expect(seen.map((s) => s.listener)).toEqual(["probe-a"]);
    const log = new EventLog();
    log.add(probe("ticket:5", 2));
    await t.built.ctx.db.transaction((tx) => log.flush(tx));
    const first = seen.length ? (await t.built.ctx.db.select().from(domainEvents).where(eq(domainEvents.stream, "ticket:5")))[0] : undefined;
    expect(first?.attempts).toBe(1);
    expect(first?.done).toEqual(["probe-a"]);
    expect(first?.lastError).toMatch(/receiver down/);
    // not due yet: the later event waits behind it
    expect(await t.built.ctx.events.sweep()).toBe(1);
    expect(seen.length).toBe(1);
    const later = new Date(Date.now() + 5_000);
    await t.built.ctx.events.sweep(later);
    expect(seen.map((s) => `${s.listener}:${s.id}`)).toEqual([`probe-a:${first!.id}`, `probe-b:${first!.id}`, `probe-a:${log.recorded[0].id}`, `probe-b:${log.recorded[0].id}`]);
  });
});
