import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useMatch, useNavigate } from "react-router-dom";
import type { Ticket } from "../../../api/tickets";
import { useCompanyEvent } from "../../../realtime/socketContext";
import { oneLinePreview } from "../../whatsappText/whatsappFormat";
import { playAlertSound, unlockAudioOnGesture } from "./alertSound";
import { requestNotificationPermission, showSystemNotification } from "./browserNotification";
import { isNotification } from "./notificationRules";

interface AppMessageEvent {
  action: string;
  message?: { id: number; body: string; fromMe: boolean; mediaType?: string | null };
  ticket?: Ticket;
}

/**
 * A new inbound message for a ticket the user is not looking at: a system notification
 * (when permitted) and a short sound at the stored volume.
 */
export function useNewMessageAlerts(userId: number, seesPending: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const openUuid = useMatch("/tickets/:ticketId")?.params.ticketId ?? null;
  const openRef = useRef(openUuid);
  openRef.current = openUuid;
  const seen = useRef(new Set<number>());

  useEffect(() => {
    requestNotificationPermission(t("notifications.unsupported"));
    return unlockAudioOnGesture();
  }, [t]);

  useCompanyEvent<AppMessageEvent>("appMessage", ({ action, message, ticket }) => {
    if (action !== "create" || !message || !ticket || message.fromMe) return;
    if (seen.current.has(message.id)) return;
    seen.current.add(message.id);
    if (!isNotification(ticket, userId, seesPending)) return;
    if (openRef.current === ticket.uuid && document.visibilityState === "visible") return;
    const name = ticket.contact?.name ?? "";
    showSystemNotification(
      {
        title: t("notifications.newMessage", { name }),
        body: oneLinePreview(message.body) || t("notifications.media"),
        icon: ticket.contact?.urlPicture || ticket.contact?.profilePicUrl || undefined,
        tag: `ticket-${ticket.id}`,
        onClick: () => navigate(`/tickets/${ticket.uuid}`),
      },
      t("notifications.unsupported"),
    );
    playAlertSound();
  });
}
