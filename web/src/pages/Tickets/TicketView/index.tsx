import { useCallback, useState } from "react";
import { Alert, Box, Button, CircularProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Composer } from "./composer/Composer";
import { ContactDrawer } from "./contact/ContactDrawer";
import { TicketHeader } from "./header/TicketHeader";
import { MessagesList } from "./messages/MessagesList";
import { TagEditor } from "./TagEditor";
import type { ReplyTarget, TicketView as Ticket } from "./types";
import { useChatBox, useTicketLiveUpdates } from "./useTicketRealtime";
import { useTicketRecord } from "./useTicketRecord";

function OpenTicket({ ticket }: { ticket: Ticket }) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const cancelReply = useCallback(() => setReplyTo(null), []);
  useChatBox(ticket.id, ticket.uuid);
  useTicketLiveUpdates(ticket);

  return (
    <Box data-testid="ticket-view" data-ticket-id={ticket.id} data-status={ticket.status} sx={{ display: "flex", height: "100%", minHeight: 0, overflow: "hidden" }}>
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <TicketHeader ticket={ticket} onOpenContact={() => setDrawerOpen(true)} />
        <TagEditor ticket={ticket} />
        <MessagesList ticket={ticket} onReply={setReplyTo} />
        <Composer ticket={ticket} replyTo={replyTo} onCancelReply={cancelReply} />
      </Box>
      <ContactDrawer open={drawerOpen} ticket={ticket} onClose={() => setDrawerOpen(false)} />
    </Box>
  );
}

/** One conversation (/tickets/{uuid}): header and actions, tags, messages, composer and the contact drawer. */
export function TicketView({ ticketUuid }: { ticketUuid: string }) {
  const { t } = useTranslation();
  const ticket = useTicketRecord(ticketUuid);

  if (ticket.data) return <OpenTicket key={ticket.data.id} ticket={ticket.data} />;
  return (
    <Box data-testid="ticket-view" sx={{ height: "100%", display: "flex", alignItems: "center", justifyContent: "center", p: 3 }}>
      {ticket.isError ? (
        <Alert severity="error" action={<Button onClick={() => void ticket.refetch()}>{t("common.retry")}</Button>} data-testid="ticket-view-error">
          {t("ticketView.loadFailed")}
        </Alert>
      ) : (
        <Box sx={{ display: "flex", alignItems: "center", gap: 2 }} data-testid="ticket-view-loading">
          <CircularProgress size={24} />
          <Typography color="text.secondary">{t("ticketView.loading")}</Typography>
        </Box>
      )}
    </Box>
  );
}
