import { describe, expect, it, vi } from "vitest";
import { AxiosError, AxiosHeaders, type AxiosResponse } from "axios";
import { errorCode, errorMessage } from "./errors";
import { isAttendedByOther, otherOpenTicketOf, type OtherOpenTicket } from "./otherOpenTicket";

// (hoisted above the imports) The real i18n module reads localStorage and the document; a key echo is enough here.
vi.mock("../i18n", () => ({ default: { t: (key: string) => `t:${key}` } }));
vi.mock("../i18n/validation", () => ({ translateValidation: (text: string) => text }));
vi.mock("react-toastify", () => ({ toast: { error: vi.fn() } }));

function failure(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  const response = { status, data, statusText: "", headers: {}, config } as AxiosResponse;
  return new AxiosError("Request failed", "ERR_BAD_REQUEST", config, null, response);
}

const other: OtherOpenTicket = { id: 12, uuid: "2f1e3c4d-0000-4000-8000-000000000012", status: "open", userId: 7, user: { id: 7, name: "Bruno" }, queue: { id: 3, name: "Vendas" } };
const otherOpen = () => failure(409, { error: JSON.stringify(other), code: "ERR_OTHER_OPEN_TICKET" });

describe("errorCode", () => {
  it("reads the code from `error`", () => {
    expect(errorCode(failure(404, { error: "ERR_NO_TICKET_FOUND" }))).toBe("ERR_NO_TICKET_FOUND");
  });

  it("falls back to `code` when `error` carries details instead of a known code", () => {
    expect(errorCode(otherOpen())).toBe("ERR_OTHER_OPEN_TICKET");
  });

  it("ignores an unknown `code`, counts 429 as too many attempts, and is undefined for non-HTTP failures", () => {
    expect(errorCode(failure(400, { error: "something", code: "NOPE" }))).toBeUndefined();
    expect(errorCode(failure(429, { error: "Too Many Requests" }))).toBe("ERR_TOO_MANY_ATTEMPTS");
    expect(errorCode(new Error("boom"))).toBeUndefined();
  });
});

describe("errorMessage", () => {
  it("translates ERR_OTHER_OPEN_TICKET instead of showing the other ticket's JSON", () => {
    expect(errorMessage(otherOpen())).toBe("t:errors.ERR_OTHER_OPEN_TICKET");
  });

  it("still shows a raw text that is no code", () => {
    expect(errorMessage(failure(400, { error: "Texto do servidor" }))).toBe("Texto do servidor");
  });
});

describe("otherOpenTicketOf", () => {
  it("reads the other ticket from a 409 and only from a 409", () => {
    expect(otherOpenTicketOf(otherOpen())).toEqual(other);
    expect(otherOpenTicketOf(failure(400, { error: JSON.stringify(other) }))).toBeNull();
    expect(otherOpenTicketOf(failure(409, { error: "not json", code: "ERR_OTHER_OPEN_TICKET" }))).toBeNull();
    expect(otherOpenTicketOf(new Error("boom"))).toBeNull();
  });

  it("names the ticket only when another user attends it; a pending or own ticket is opened", () => {
    expect(isAttendedByOther(other, 1)).toBe(true);
    expect(isAttendedByOther(other, 7)).toBe(false);
    expect(isAttendedByOther({ ...other, userId: null, user: null }, 1)).toBe(false);
  });
});
