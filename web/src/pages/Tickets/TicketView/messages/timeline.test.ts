import { describe, expect, it } from "vitest";
import type { MessagesPage, MessageView } from "../types";
import { addMessage, flattenPages, replaceMessage, type MessagesData } from "./messageCache";
import { buildTimeline, sortMessages } from "./timeline";

const at = (d: number, h: number, m = 0, s = 0) => new Date(2024, 4, d, h, m, s).toISOString();
const msg = (id: number, ticketId: number, createdAt: string) => ({ id, ticketId, createdAt });

describe("buildTimeline", () => {
  it("puts a day separator before the first message of each day", () => {
    const items = buildTimeline([msg(1, 7, at(3, 9)), msg(2, 7, at(3, 18)), msg(3, 7, at(4, 8))]);
    expect(items.map((i) => (i.kind === "day" ? `day ${i.label}` : i.kind === "message" ? i.message.id : i.kind))).toEqual(["day 03/05/2024", 1, 2, "day 04/05/2024", 3]);
  });

  it("marks where the ticket changes, with the times of the messages on each side", () => {
    const items = buildTimeline([msg(1, 5, at(3, 9, 1, 2)), msg(2, 5, at(3, 9, 5)), msg(3, 8, at(3, 10, 30, 15)), msg(4, 8, at(3, 11))]);
    expect(items.filter((i) => i.kind !== "message")).toEqual([
      { kind: "day", key: "day-1", label: "03/05/2024" },
      { kind: "ticketEnded", key: "ended-2", at: "03/05/2024, 09:05:00" },
      { kind: "ticketStarted", key: "started-3", at: "03/05/2024, 10:30:15" },
    ]);
    expect(items.map((i) => i.key)).toEqual(["day-1", "message-1", "message-2", "ended-2", "started-3", "message-3", "message-4"]);
  });

  it("puts the day separator between the ended and started markers when both change", () => {
    const items = buildTimeline([msg(1, 5, at(3, 23)), msg(2, 6, at(4, 1))]);
    expect(items.map((i) => i.kind)).toEqual(["day", "message", "ticketEnded", "day", "ticketStarted", "message"]);
  });

  it("marks every change, also back to an earlier ticket", () => {
    const items = buildTimeline([msg(1, 1, at(3, 9)), msg(2, 2, at(3, 10)), msg(3, 1, at(3, 11))]);
    expect(items.filter((i) => i.kind === "ticketStarted").length).toBe(2);
    expect(items.filter((i) => i.kind === "ticketEnded").length).toBe(2);
  });

  it("is empty for no messages", () => {
    expect(buildTimeline([])).toEqual([]);
  });
});

describe("sortMessages", () => {
  it("orders by time, then id", () => {
    expect(sortMessages([msg(3, 1, at(3, 9)), msg(1, 1, at(3, 10)), msg(2, 1, at(3, 9))]).map((m) => m.id)).toEqual([2, 3, 1]);
  });
});

const message = (id: number, ticketId = 1, extra: Partial<MessageView> = {}): MessageView => ({
  id,
  ticketId,
  body: `m${id}`,
  fromMe: false,
  read: true,
  mediaType: null,
  mediaUrl: null,
  mediaName: null,
  isDeleted: false,
  isEdited: false,
  ack: 0,
  sendStatus: null,
  quotedMsgId: null,
  quotedMsg: null,
  contact: null,
  userId: null,
  reactions: [],
  edits: [],
  deletedBody: null,
  forwarded: false,
  quotedStatus: null,
  createdAt: at(3, 9, id),
  updatedAt: at(3, 9, id),
  ...extra,
});
const page = (ids: number[], hasMore = false): MessagesPage => ({ messages: ids.map((id) => message(id)), count: 0, hasMore });
const data = (...pages: MessagesPage[]): MessagesData => ({ pages, pageParams: pages.map((_, i) => i + 1) });

describe("message cache", () => {
  it("flattens pages newest-first into one list, oldest first, without repeats", () => {
    expect(flattenPages(data(page([4, 5, 6]), page([2, 3, 4], true))).map((m) => m.id)).toEqual([2, 3, 4, 5, 6]);
  });

  it("appends a live message to the newest page, once", () => {
    const once = addMessage(data(page([1, 2])), message(3));
    expect(flattenPages(once).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(flattenPages(addMessage(once, message(3, 1, { ack: 2 }))).find((m) => m.id === 3)?.ack).toBe(2);
  });

  it("replaces an updated message by id and leaves unknown ones out", () => {
    const before = data(page([1, 2]));
    expect(flattenPages(replaceMessage(before, message(2, 1, { isDeleted: true })))[1].isDeleted).toBe(true);
    expect(replaceMessage(before, message(9))).toBe(before);
  });
});
