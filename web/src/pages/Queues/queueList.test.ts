import { describe, expect, it } from "vitest";
import { sortQueues, upsertQueue } from "./queueList";
import type { QueueListItem } from "./queuesApi";

const queue = (id: number, name: string, orderQueue: number | null = null): QueueListItem => ({ id, name, color: "#000", greetingMessage: "", outOfHoursMessage: "", orderQueue });

describe("queue list cache", () => {
  it("sorts by orderQueue, unordered last, then by name", () => {
    const sorted = sortQueues([queue(1, "Zeta"), queue(2, "Beta", 2), queue(3, "Alfa", 2), queue(4, "Gama", 1)]);
    expect(sorted.map((q) => q.id)).toEqual([4, 3, 2, 1]);
  });

  it("replaces a known queue in place of order and adds a new one, keeping only list fields", () => {
    const list = [queue(1, "Vendas", 1), queue(2, "Suporte", 2)];
    const moved = upsertQueue(list, { ...queue(2, "Suporte"), orderQueue: 0, schedules: [] } as QueueListItem);
    expect(moved?.map((q) => q.id)).toEqual([2, 1]);
    expect(moved?.[0]).toEqual(queue(2, "Suporte", 0));
    expect(upsertQueue(list, queue(3, "Cobrança"))?.map((q) => q.id)).toEqual([1, 2, 3]);
    expect(upsertQueue(undefined, queue(3, "Cobrança"))).toBeUndefined();
  });
});
