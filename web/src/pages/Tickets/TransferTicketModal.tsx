import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Autocomplete, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { queryKeys } from "../../api/queryKeys";
import { storeTicket } from "../../api/ticketCache";
import { fetchUserNames, updateTicket, type UserOption } from "../../api/tickets";
import { useTicketViewer } from "../../realtime/ticketViewer";
import { useTicketFormOptions } from "../../hooks/useTicketFormOptions";
import { useOtherOpenTicket } from "../../hooks/useOtherOpenTicket";
import { ConnectionSelect } from "../../components/ConnectionSelect";

export interface TransferTicketModalProps {
  open: boolean;
  onClose(): void;
  /** The ticket to move (only its id is needed; the other fields are accepted for convenience). */
  ticket: { id: number; queueId?: number | null; whatsappId?: number | null };
}

/**
 * Transfer (spec §4): a queue is required, an attendant and a connection are optional.
 * With an attendant the ticket is theirs and open; with only a queue it waits there (pending).
 */
export function TransferTicketModal({ open, onClose, ticket }: TransferTicketModalProps) {
  if (!open) return null;
  return <TransferDialog onClose={onClose} ticket={ticket} />;
}

function TransferDialog({ onClose, ticket }: Omit<TransferTicketModalProps, "open">) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewer = useTicketViewer();
  const { queues, whatsapps } = useTicketFormOptions(true);
  const users = useQuery({ queryKey: queryKeys.userNames, queryFn: fetchUserNames });
  const [queueId, setQueueId] = useState("");
  const [user, setUser] = useState<UserOption | null>(null);
  const [whatsappId, setWhatsappId] = useState("");
  const [submitted, setSubmitted] = useState(false);
  // A connection where the contact already has an active ticket: name its attendant, or open it.
  const other = useOtherOpenTicket({ onOpenOther: onClose });

  // Attendants of the chosen queue first; everyone stays choosable.
  const userOptions = [...(users.data ?? [])].sort((a, b) => {
    const inQueue = (u: UserOption) => (u.queues?.some((q) => String(q.id) === queueId) ? 0 : 1);
    return inQueue(a) - inQueue(b) || a.name.localeCompare(b.name);
  });

  const save = useMutation({
    mutationFn: () =>
      updateTicket(ticket.id, {
        queueId: Number(queueId),
        userId: user ? user.id : null,
        ...(whatsappId ? { whatsappId: Number(whatsappId) } : {}),
        status: user ? "open" : "pending",
      }),
    onSuccess: (saved) => {
      storeTicket(queryClient, saved, viewer);
      toast.success(t("ticketManager.transfer.success"));
      onClose();
      navigate("/tickets");
    },
    meta: { silent: true },
    onError: other.onError,
  });

  const queueError = submitted && !queueId ? t("ticketManager.transfer.queueRequired") : undefined;
  const submit = () => {
    setSubmitted(true);
    if (queueId) save.mutate();
  };

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="xs" data-testid="transfer-modal">
        <DialogTitle>{t("ticketManager.transfer.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Autocomplete
              options={userOptions}
              value={user}
              onChange={(_, next) => {
                setUser(next);
                // An attendant with one queue brings it along when none is chosen yet.
                if (next?.queues?.length === 1 && !queueId) setQueueId(String(next.queues[0].id));
              }}
              loading={users.isPending}
              getOptionLabel={(option) => option.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={t("ticketManager.transfer.noUsers")}
              renderOption={({ key, ...props }, option) => (
                <li key={key} {...props} data-testid={`transfer-user-option-${option.id}`}>
                  {option.name}
                </li>
              )}
              renderInput={(params) => <TextField {...params} label={t("ticketManager.transfer.user")} inputProps={{ ...params.inputProps, "data-testid": "transfer-user" }} />}
            />
            <TextField
              select
              fullWidth
              required
              label={t("ticketManager.transfer.queue")}
              value={queueId}
              onChange={(event) => setQueueId(event.target.value)}
              error={Boolean(queueError)}
              helperText={queueError}
              slotProps={{ select: { SelectDisplayProps: { "data-testid": "transfer-queue" } as React.HTMLAttributes<HTMLDivElement> } }}
            >
              {queues.map((queue) => (
                <MenuItem key={queue.id} value={String(queue.id)} data-testid={`transfer-queue-option-${queue.id}`}>
                  {queue.name}
                </MenuItem>
              ))}
            </TextField>
            <ConnectionSelect
              label={t("ticketManager.transfer.connection")}
              emptyLabel={t("ticketManager.transfer.keepConnection")}
              value={whatsappId}
              onChange={setWhatsappId}
              whatsapps={whatsapps}
              testId="transfer-connection"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending}>
            {t("common.cancel")}
          </Button>
          <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="transfer-save">
            {save.isPending ? <CircularProgress size={20} color="inherit" /> : t("ticketManager.transfer.save")}
          </Button>
        </DialogActions>
      </Dialog>
      {other.dialog}
    </>
  );
}
