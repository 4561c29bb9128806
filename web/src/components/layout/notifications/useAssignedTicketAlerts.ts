import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { ACTION_TOAST_AUTO_CLOSE_MS } from "@balcao/common";
import type { Ticket } from "../../../api/tickets";
import { useCompanyEvent } from "../../../realtime/socketContext";
import { oneLinePreview } from "../../whatsappText/whatsappFormat";
import { playAlertSound } from "./alertSound";
import { showSystemNotification } from "./browserNotification";

interface AssignmentEvent {
  action: string;
  ticket?: Ticket;
}

/**
 * Automatic assignment gave the user a ticket (the server tells only them): a toast that opens it,
 * a system notification when permitted, and the alert sound. Its lists move with the ticket event.
 */
export function useAssignedTicketAlerts() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useCompanyEvent<AssignmentEvent>("assignment", ({ action, ticket }) => {
    if (action !== "assigned" || !ticket) return;
    const title = t("assignment.assignedToYou", { name: ticket.contact?.name ?? "" });
    const open = () => navigate(`/tickets/${ticket.uuid}`);
    toast.info(title, { onClick: open, toastId: `assigned-${ticket.id}`, autoClose: ACTION_TOAST_AUTO_CLOSE_MS });
    showSystemNotification({ title, body: oneLinePreview(ticket.lastMessage ?? ""), tag: `ticket-${ticket.id}`, onClick: open }, t("notifications.unsupported"));
    playAlertSound();
  });
}
