import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { OtherOpenTicket } from "../api/tickets";

/** The contact already has a ticket someone else handles (or one waiting in a queue). */
export function OtherTicketDialog({ ticket, onClose }: { ticket: OtherOpenTicket; onClose(): void }) {
  const { t } = useTranslation();
  const queue = ticket.queue?.name ?? t("ticketManager.newTicket.alreadyNoQueue");
  const text = ticket.user ? t("ticketManager.newTicket.alreadyText", { user: ticket.user.name, queue }) : t("ticketManager.newTicket.alreadyPending", { queue });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid="new-ticket-already-open">
      <DialogTitle>{t("ticketManager.newTicket.alreadyTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="new-ticket-already-open-close">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
