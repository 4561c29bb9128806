import { describe, expect, it } from "vitest";
import type { KanbanTag, KanbanTicket } from "./kanbanApi";
import { OPEN_LANE, applyTicketToBoard, belongsOnBoard, groupByLane, laneFromKey, laneKey, laneOf, tagsAfterMove, type BoardViewer } from "./kanbanBoard";

const lane = (id: number, name: string): KanbanTag => ({ id, name, color: "#123456", kanban: 1 });
const lanes = [lane(10, "Negociação"), lane(11, "Fechado")];
const plain = { id: 20, name: "VIP", color: "#000000" };
const ticket = (id: number, over: Partial<KanbanTicket> = {}) =>
  ({
    id,
    uuid: `u-${id}`,
    status: "open",
    queueId: null,
    userId: null,
    updatedAt: `2025-01-0${id}T10:00:00.000Z`,
    tags: [],
    contact: { name: `C${id}`, number: "55" },
    lastMessage: "",
    ...over,
  }) as unknown as KanbanTicket;
const admin: BoardViewer = { userId: 1, admin: true, queueIds: [] };
const attendant: BoardViewer = { userId: 2, admin: false, queueIds: [5] };

describe("kanban board", () => {
  it("puts a ticket on its first lane tag, or on the open lane", () => {
    expect(laneOf(ticket(1), lanes)).toBe(OPEN_LANE);
    expect(laneOf(ticket(1, { tags: [plain] }), lanes)).toBe(OPEN_LANE);
    expect(laneOf(ticket(1, { tags: [plain, lanes[1]] }), lanes)).toBe(11);
  });

  it("groups tickets by lane, newest first, with every lane present", () => {
    const groups = groupByLane([ticket(1), ticket(3, { tags: [lanes[0]] }), ticket(2)], lanes);
    expect([...groups.keys()]).toEqual([OPEN_LANE, 10, 11]);
    expect(groups.get(OPEN_LANE)!.map((x) => x.id)).toEqual([2, 1]);
    expect(groups.get(10)!.map((x) => x.id)).toEqual([3]);
    expect(groups.get(11)).toEqual([]);
  });

  it("reads lane keys back", () => {
    expect(laneFromKey(laneKey(OPEN_LANE))).toBe(OPEN_LANE);
    expect(laneFromKey(laneKey(11))).toBe(11);
    expect(laneFromKey("ticket-3")).toBeNull();
    expect(laneFromKey(undefined)).toBeNull();
  });

  it("replaces the lane tag on a move and keeps the other tags", () => {
    expect(tagsAfterMove([plain, lanes[0]], lanes, 11)).toEqual([plain, { id: 11, name: "Fechado", color: "#123456" }]);
    expect(tagsAfterMove([plain, lanes[0]], lanes, OPEN_LANE)).toEqual([plain]);
  });

  it("keeps closed tickets and other queues off the board", () => {
    expect(belongsOnBoard(ticket(1, { status: "closed" }), admin)).toBe(false);
    expect(belongsOnBoard(ticket(1, { queueId: 9 }), admin)).toBe(true);
    expect(belongsOnBoard(ticket(1, { queueId: 9 }), { ...admin, queueIds: [5] })).toBe(false);
    expect(belongsOnBoard(ticket(1, { queueId: 5 }), attendant)).toBe(true);
    expect(belongsOnBoard(ticket(1, { queueId: 9 }), attendant)).toBe(false);
    expect(belongsOnBoard(ticket(1, { queueId: 9, userId: 2 }), attendant)).toBe(true);
    expect(belongsOnBoard(ticket(1, { status: "pending" }), attendant)).toBe(true);
  });

  it("applies ticket events: update in place, add, drop when closed, hold a moving card's tags", () => {
    const list = [ticket(1), ticket(2, { tags: [lanes[0]] })];
    expect(applyTicketToBoard(list, ticket(1, { lastMessage: "oi" }), admin, new Set()).map((x) => x.lastMessage)).toEqual(["oi", ""]);
    expect(applyTicketToBoard(list, ticket(3), admin, new Set()).map((x) => x.id)).toEqual([3, 1, 2]);
    expect(applyTicketToBoard(list, ticket(2, { status: "closed" }), admin, new Set()).map((x) => x.id)).toEqual([1]);
    const echoed = applyTicketToBoard(list, ticket(2, { tags: [], lastMessage: "novo" }), admin, new Set([2]));
    expect(echoed[1]).toMatchObject({ lastMessage: "novo", tags: [lanes[0]] });
  });
});
