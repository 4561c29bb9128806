import type { UpdateTicketBody } from "../../../../api/tickets";

export type TicketAction = "accept" | "return" | "resolve" | "reopen";

/** The spec's status transitions (core-workspace 4). */
export function actionBody(action: TicketAction, ticket: { queueId: number | null }, me: number): UpdateTicketBody {
  switch (action) {
    case "accept":
      return { status: "open", userId: me };
    case "return":
      return { status: "pending", userId: null };
    case "resolve":
      return { status: "closed", userId: me, queueId: ticket.queueId };
    case "reopen":
      return { status: "open", userId: me, queueId: ticket.queueId };
  }
}
