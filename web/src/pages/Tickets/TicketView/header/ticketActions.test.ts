import { describe, expect, it } from "vitest";
import { actionBody } from "./ticketActions";

describe("ticket status actions", () => {
  const ticket = { queueId: 4 };
  it("accept opens the ticket for me", () => expect(actionBody("accept", ticket, 7)).toEqual({ status: "open", userId: 7 }));
  it("return puts it back to pending without a user", () => expect(actionBody("return", ticket, 7)).toEqual({ status: "pending", userId: null }));
  it("resolve closes it as mine, keeping the queue", () => expect(actionBody("resolve", ticket, 7)).toEqual({ status: "closed", userId: 7, queueId: 4 }));
  it("reopen opens it as mine with its queue", () => expect(actionBody("reopen", { queueId: null }, 7)).toEqual({ status: "open", userId: 7, queueId: null }));
});
