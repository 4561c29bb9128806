import { useMemo } from "react";
import { can } from "@balcao/common";
import type { TicketViewer } from "../api/ticketCache";
import { useSessionUser } from "../app/authContext";

/** The signed-in user as the ticket-list rules see them. */
export function useTicketViewer(): TicketViewer {
  const user = useSessionUser();
  const isAdmin = can(user.profile, "tickets-manager:showall");
  const { id, queues } = user;
  return useMemo(() => ({ id, isAdmin, queueIds: queues.map((q) => q.id) }), [id, isAdmin, queues]);
}
