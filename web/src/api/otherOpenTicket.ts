import axios from "axios";
import type { TicketStatus } from "@balcao/common";

/** The ticket named in a 409 ERR_OTHER_OPEN_TICKET (its `error` field is a JSON string). */
export interface OtherOpenTicket {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  user: { id: number; name: string } | null;
  queue: { id: number; name: string } | null;
}

export function parseOtherOpenTicket(error: unknown): OtherOpenTicket | null {
  if (typeof error !== "string") return null;
  try {
    const parsed = JSON.parse(error) as Partial<OtherOpenTicket> | null;
    return parsed && typeof parsed.id === "number" && typeof parsed.uuid === "string" ? (parsed as OtherOpenTicket) : null;
  } catch {
    return null;
  }
}

/** The contact's other active ticket, when a create, reopen or transfer failed with 409 ERR_OTHER_OPEN_TICKET. */
export function otherOpenTicketOf(err: unknown): OtherOpenTicket | null {
  if (!axios.isAxiosError<{ error?: unknown }>(err) || err.response?.status !== 409) return null;
  return parseOtherOpenTicket(err.response.data?.error);
}

/** Another attendant has it: say who (the dialog). Waiting in a queue or already mine: open it. */
export const isAttendedByOther = (ticket: OtherOpenTicket, me: number) => Boolean(ticket.userId && ticket.userId !== me);
