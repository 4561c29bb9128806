import type { ReactNode } from "react";
import { Button, CircularProgress, Stack } from "@mui/material";
import CheckIcon from "@mui/icons-material/Check";
import ReplayIcon from "@mui/icons-material/Replay";
import UndoIcon from "@mui/icons-material/Undo";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { storeTicket } from "../../../../api/ticketCache";
import { updateTicket } from "../../../../api/tickets";
import { useTicketViewer } from "../../../../realtime/ticketViewer";
import { ticketViewKeys } from "../api";
import type { TicketView } from "../types";
import { SHOW_IN_ATTENDING } from "../../attendingFocus";
import { useOtherOpenTicket } from "../../../../hooks/useOtherOpenTicket";
import { actionBody, type TicketAction as Action } from "./ticketActions";

/**
 * Accept, return, resolve or reopen: after a change to open the view stays (and the list shows it
 * under 'Atendendo'), otherwise back to /tickets.
 * A reopen that collides with the contact's other active ticket names or opens that ticket.
 */
export function TicketActions({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const viewer = useTicketViewer();
  const navigate = useNavigate();
  const other = useOtherOpenTicket();
  const change = useMutation({
    mutationFn: (action: Action) => updateTicket(ticket.id, actionBody(action, ticket, viewer.id)),
    onSuccess: (saved, action) => {
      storeTicket(queryClient, saved, viewer);
      if (saved.status === "open") {
        queryClient.setQueryData<TicketView>(ticketViewKeys.ticket(ticket.uuid), (current) => (current ? { ...current, ...saved, contact: current.contact } : current));
        if (action === "accept" || action === "reopen") navigate(`/tickets/${ticket.uuid}`, { replace: true, state: SHOW_IN_ATTENDING });
      } else navigate("/tickets");
    },
    meta: { silent: true },
    onError: other.onError,
  });

  const button = (action: Action, icon: ReactNode, variant: "contained" | "outlined" = "contained") => (
    <Button
      key={action}
      size="small"
      variant={variant}
      disabled={change.isPending}
      startIcon={change.isPending && change.variables === action ? <CircularProgress size={14} color="inherit" /> : icon}
      onClick={() => change.mutate(action)}
      data-testid={`ticket-action-${action}`}
    >
      {t(`ticketView.actions.${action}`)}
    </Button>
  );

  return (
    <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
      {ticket.status === "pending" && button("accept", <CheckIcon />)}
      {ticket.status === "open" && [button("return", <UndoIcon />, "outlined"), button("resolve", <CheckIcon />)]}
      {ticket.status === "closed" && button("reopen", <ReplayIcon />)}
      {other.dialog}
    </Stack>
  );
}
