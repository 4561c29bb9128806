import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useParams } from "react-router-dom";
import { storeTicket } from "../../api/ticketCache";
import { updateTicket, type Ticket, type UpdateTicketBody } from "../../api/tickets";
import { useTicketViewer } from "../../realtime/ticketViewer";
import { SHOW_IN_ATTENDING } from "./attendingFocus";
import { useOtherOpenTicket } from "../../hooks/useOtherOpenTicket";

type Action = "accept" | "close" | "reopen";

const bodyFor = (action: Action, ticket: Ticket, me: number): UpdateTicketBody => {
  if (action === "accept") return { status: "open", userId: me };
  if (action === "close") return { status: "closed", userId: me, queueId: ticket.queueId };
  return { status: "open", userId: me, queueId: ticket.queueId };
};

/**
 * Accept, close and reopen from the list; the lists change at once, the socket confirms, and an
 * accepted or reopened ticket opens selected under 'Atendendo'.
 * A reopen that collides with the contact's other active ticket names or opens that ticket (`dialog`).
 */
export function useTicketActions() {
  const queryClient = useQueryClient();
  const viewer = useTicketViewer();
  const navigate = useNavigate();
  const { ticketId: openUuid } = useParams();
  const other = useOtherOpenTicket();
  const mutation = useMutation({
    mutationFn: ({ action, ticket }: { action: Action; ticket: Ticket }) => updateTicket(ticket.id, bodyFor(action, ticket, viewer.id)),
    onSuccess: (saved, { action, ticket }) => {
      storeTicket(queryClient, saved, viewer);
      if (action === "close") {
        if (openUuid === ticket.uuid) navigate("/tickets");
      } else navigate(`/tickets/${saved.uuid ?? ticket.uuid}`, { state: SHOW_IN_ATTENDING });
    },
    meta: { silent: true },
    onError: other.onError,
  });
  return { mutation, dialog: other.dialog };
}
