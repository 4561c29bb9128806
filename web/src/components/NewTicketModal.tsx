import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { storeTicket } from "../api/ticketCache";
import { createTicket, type ContactOption } from "../api/tickets";
import { useSessionUser } from "../app/authContext";
import { ContactPicker } from "./ContactPicker";
import { useTicketViewer } from "../realtime/ticketViewer";
import { useTicketFormOptions } from "../hooks/useTicketFormOptions";
import { ConnectionSelect } from "./ConnectionSelect";
import { useOtherOpenTicket } from "../hooks/useOtherOpenTicket";

/** Contact search starts at 3 characters (spec §5), after the usual 500 ms pause. */
const MIN_CONTACT_SEARCH = 3;

/** Opens a conversation with a contact: contact (optionally chosen beforehand), queue (required unless admin) and connection. */
export function NewTicketModal({ onClose, contact: preset = null }: { onClose(): void; contact?: ContactOption | null }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const viewer = useTicketViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { queues, whatsapps } = useTicketFormOptions(false);
  const [contact, setContact] = useState<ContactOption | null>(preset);
  const [queueId, setQueueId] = useState<string>("");
  const [whatsappId, setWhatsappId] = useState<string>("");
  const [submitted, setSubmitted] = useState(false);
  // The contact's other ticket (spec §8 "New ticket failure"): named when another user has it, otherwise opened.
  const other = useOtherOpenTicket({ onOpenOther: onClose, onDialogClose: onClose });

  const save = useMutation({
    mutationFn: () =>
      createTicket({
        contactId: contact!.id,
        queueId: queueId ? Number(queueId) : null,
        whatsappId: whatsappId ? Number(whatsappId) : null,
        userId: user.id,
        status: "open",
      }),
    meta: { silent: true },
    onSuccess: (ticket) => {
      storeTicket(queryClient, ticket, viewer);
      onClose();
      navigate(`/tickets/${ticket.uuid}`);
    },
    onError: other.onError,
  });

  const contactError = submitted && !contact ? t("ticketManager.newTicket.contactRequired") : undefined;
  const queueError = submitted && !queueId && !viewer.isAdmin ? t("ticketManager.newTicket.queueRequired") : undefined;

  const submit = () => {
    setSubmitted(true);
    if (!contact || (!queueId && !viewer.isAdmin)) return;
    save.mutate();
  };

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="new-ticket-modal">
        <DialogTitle>{t("ticketManager.newTicket.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ContactPicker
              value={contact}
              onChange={setContact}
              error={contactError}
              autoFocus
              minSearch={MIN_CONTACT_SEARCH}
              testId="new-ticket-contact"
              texts={{
                label: t("ticketManager.newTicket.contact"),
                hint: t("ticketManager.newTicket.contactHint"),
                searching: t("ticketManager.newTicket.searching"),
                noContacts: t("ticketManager.newTicket.noContacts"),
              }}
            />
            <TextField
              select
              fullWidth
              label={t("ticketManager.newTicket.queue")}
              value={queueId}
              onChange={(event) => setQueueId(event.target.value)}
              error={Boolean(queueError)}
              helperText={queueError}
              slotProps={{
                select: { displayEmpty: viewer.isAdmin, SelectDisplayProps: { "data-testid": "new-ticket-queue" } as React.HTMLAttributes<HTMLDivElement> },
                inputLabel: viewer.isAdmin ? { shrink: true } : undefined,
              }}
            >
              {viewer.isAdmin && <MenuItem value="">{t("ticketManager.newTicket.noQueue")}</MenuItem>}
              {queues.map((queue) => (
                <MenuItem key={queue.id} value={String(queue.id)} data-testid={`new-ticket-queue-option-${queue.id}`}>
                  {queue.name}
                </MenuItem>
              ))}
            </TextField>
            <ConnectionSelect
              label={t("ticketManager.newTicket.connection")}
              emptyLabel={t("ticketManager.newTicket.defaultConnection")}
              value={whatsappId}
              onChange={setWhatsappId}
              whatsapps={whatsapps}
              testId="new-ticket-connection"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t("common.cancel")}
          </Button>
          <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="new-ticket-save">
            {save.isPending ? <CircularProgress size={20} color="inherit" /> : t("ticketManager.newTicket.save")}
          </Button>
        </DialogActions>
      </Dialog>
      {other.dialog}
    </>
  );
}
