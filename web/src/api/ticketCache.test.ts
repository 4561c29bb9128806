import { describe, expect, it } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { queryKeys } from "./queryKeys";
import { applyNewMessage, applyTicketDelete, applyTicketUpdate, applyUnreadReset, findCachedTicketId, flattenTickets, placeTicket, updateTicketLists, type TicketListData, type TicketViewer } from "./ticketCache";
import type { Ticket, TicketFilters } from "./tickets";

const ticket = (id: number, patch: Partial<Ticket> = {}): Ticket => ({
  id,
  uuid: `uuid-${id}`,
  status: "open",
  unreadMessages: 0,
  lastMessage: "",
  isGroup: false,
  chatbot: false,
  useIntegration: false,
  integrationId: null,
  promptId: null,
  companyId: 1,
  contactId: id,
  userId: 7,
  queueId: 1,
  whatsappId: 1,
  createdAt: "2024-05-10T10:00:00.000Z",
  updatedAt: "2024-05-10T10:00:00.000Z",
  contact: {
    id,
    name: `Contact ${id}`,
    number: "5511",
    lid: null,
    username: null,
    email: "",
    profilePicUrl: "",
    urlPicture: "",
    isGroup: false,
    extraInfo: [],
    whatsappId: 1,
    companyId: 1,
    createdAt: "2024-05-10T10:00:00.000Z",
    updatedAt: "2024-05-10T10:00:00.000Z",
  },
  user: null,
  queue: null,
  whatsapp: null,
  tags: [],
  serviceWindowEndsAt: null,
  ...patch,
});

const list = (tickets: Ticket[], count = tickets.length): TicketListData => ({ pages: [{ tickets, count, hasMore: false }], pageParams: [1] });
const ids = (data: TicketListData) => flattenTickets(data).map((t) => t.id);

const attendant: TicketViewer = { id: 7, isAdmin: false, queueIds: [1, 2] };
const admin: TicketViewer = { id: 1, isAdmin: true, queueIds: [] };

describe("placing a ticket in a list", () => {
  it("follows the status of the list", () => {
    expect(placeTicket(ticket(1), { status: "open" }, attendant)).toBe("in");
    expect(placeTicket(ticket(1, { status: "pending" }), { status: "open" }, attendant)).toBe("out");
  });

  it("keeps an attendant's lists to their queues, tickets without a queue and their own tickets", () => {
    const other = { userId: null, status: "pending" as const };
    expect(placeTicket(ticket(1, { ...other, queueId: 3 }), { status: "pending" }, attendant)).toBe("out");
    expect(placeTicket(ticket(1, { ...other, queueId: null }), { status: "pending" }, attendant)).toBe("in");
    expect(placeTicket(ticket(1, { queueId: 3, userId: 7 }), { status: "open" }, attendant)).toBe("in");
    expect(placeTicket(ticket(1, { ...other, queueId: 2 }), { status: "pending", queueIds: [1] }, attendant)).toBe("out");
  });

  it("leaves out tickets of other attendants unless an admin shows all; pending ones stay", () => {
    const others = ticket(1, { userId: 9 });
    expect(placeTicket(others, { status: "open", showAll: false }, admin)).toBe("out");
    expect(placeTicket(others, { status: "open", showAll: true }, admin)).toBe("in");
    expect(placeTicket(others, { status: "open", showAll: true }, attendant)).toBe("out");
    expect(placeTicket(ticket(1, { userId: 9, status: "pending" }), { status: "pending" }, attendant)).toBe("in");
  });

  it("cannot judge a text search, and applies tag, user and unread filters", () => {
    expect(placeTicket(ticket(1), { searchParam: "ana" }, attendant)).toBe("unknown");
    const tagged = ticket(1, { tags: [{ id: 5, name: "vip", color: "#000" }] });
    expect(placeTicket(tagged, { tags: [5] }, attendant)).toBe("in");
    expect(placeTicket(tagged, { tags: [5, 6] }, attendant)).toBe("out");
    expect(placeTicket(ticket(1), { users: [8] }, attendant)).toBe("out");
    expect(placeTicket(ticket(1), { withUnreadMessages: true }, attendant)).toBe("out");
    expect(placeTicket(ticket(1, { unreadMessages: 2 }), { withUnreadMessages: true }, attendant)).toBe("in");
  });
});

describe("applying socket events to a cached list", () => {
  it("replaces a ticket in place, adds a newcomer on top and counts it, removes one that left", () => {
    const data = list([ticket(1), ticket(2)], 10);
    const changed = ticket(2, { lastMessage: "oi" });
    const replaced = applyTicketUpdate(data, changed, "in");
    expect(ids(replaced)).toEqual([1, 2]);
    expect(flattenTickets(replaced)[1].lastMessage).toBe("oi");
    const added = applyTicketUpdate(data, ticket(3), "in");
    expect(ids(added)).toEqual([3, 1, 2]);
    expect(added.pages[0].count).toBe(11);
    const removed = applyTicketUpdate(data, ticket(1), "out");
    expect(ids(removed)).toEqual([2]);
    expect(removed.pages[0].count).toBe(9);
    expect(applyTicketUpdate(data, ticket(4), "out")).toBe(data);
  });

  it("keeps search results it cannot judge but never adds to them", () => {
    const data = list([ticket(1)]);
    expect(applyTicketUpdate(data, ticket(2), "unknown")).toBe(data);
    expect(applyNewMessage(data, ticket(2), "unknown")).toBe(data);
    expect(flattenTickets(applyTicketUpdate(data, ticket(1, { lastMessage: "x" }), "unknown"))[0].lastMessage).toBe("x");
  });

  it("moves the ticket of a new message to the top and inserts a new pending ticket", () => {
    const data = list([ticket(1), ticket(2)]);
    expect(ids(applyNewMessage(data, ticket(2), "in"))).toEqual([2, 1]);
    const withNew = applyNewMessage(data, ticket(3, { status: "pending" }), "in");
    expect(ids(withNew)).toEqual([3, 1, 2]);
    expect(withNew.pages[0].count).toBe(3);
  });

  it("removes deleted tickets and resets unread counts", () => {
    const data = list([ticket(1, { unreadMessages: 3 }), ticket(2)]);
    expect(ids(applyTicketDelete(data, 1))).toEqual([2]);
    expect(flattenTickets(applyUnreadReset(data, 1, {}))[0].unreadMessages).toBe(0);
    expect(ids(applyUnreadReset(data, 1, { withUnreadMessages: true }))).toEqual([2]);
  });

  it("lists a ticket once even when a later page repeats it", () => {
    const data: TicketListData = {
      pages: [
        { tickets: [ticket(1), ticket(2)], count: 3, hasMore: true },
        { tickets: [ticket(2), ticket(3)], count: 3, hasMore: false },
      ],
      pageParams: [1, 2],
    };
    expect(ids(data)).toEqual([1, 2, 3]);
  });
});

describe("walking the query cache", () => {
  it("updates every ticket list with its own filters and finds a ticket's id by uuid", () => {
    const client = new QueryClient();
    const open: TicketFilters = { status: "open", showAll: false };
    const pending: TicketFilters = { status: "pending", showAll: false };
    client.setQueryData(queryKeys.ticketList(open), list([ticket(1)]));
    client.setQueryData(queryKeys.ticketList(pending), list([ticket(2, { status: "pending", userId: null })]));
    const accepted = ticket(2, { status: "open", userId: 7 });
    updateTicketLists(client, (data, filters) => applyTicketUpdate(data, accepted, placeTicket(accepted, filters, attendant)));
    expect(ids(client.getQueryData<TicketListData>(queryKeys.ticketList(open))!)).toEqual([2, 1]);
    expect(ids(client.getQueryData<TicketListData>(queryKeys.ticketList(pending))!)).toEqual([]);
    expect(findCachedTicketId(client, "uuid-1")).toBe(1);
    client.setQueryData(["ticket", "uuid-9"], ticket(9));
    expect(findCachedTicketId(client, "uuid-9")).toBe(9);
    expect(findCachedTicketId(client, "nope")).toBeNull();
  });
});
