import { Button, CircularProgress, IconButton, Stack, Tooltip } from "@mui/material";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import ReplayOutlined from "@mui/icons-material/ReplayOutlined";
import { useTranslation } from "react-i18next";
import type { Ticket } from "../../api/tickets";
import { useTicketActions } from "./useTicketActions";

interface TicketItemActionsProps {
  ticket: Ticket;
  canPeek: boolean;
  onPeek(): void;
}

/** Peek (admins), accept (pending), close (not closed) and reopen (closed). */
export function TicketItemActions({ ticket, canPeek, onPeek }: TicketItemActionsProps) {
  const { t } = useTranslation();
  const { mutation, dialog } = useTicketActions();
  const busy = mutation.isPending;
  const run = (action: "accept" | "close" | "reopen") => mutation.mutate({ action, ticket });
  const id = ticket.id;

  return (
    <Stack direction="row" alignItems="center" spacing={0.25}>
      {canPeek && (
        <Tooltip title={t("ticketManager.item.peek")}>
          <IconButton size="small" onClick={onPeek} aria-label={t("ticketManager.item.peek")} data-testid={`ticket-peek-${id}`}>
            <VisibilityOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {ticket.status === "pending" && (
        <Button size="small" variant="contained" color="success" disabled={busy} onClick={() => run("accept")} data-testid={`ticket-accept-${id}`} sx={{ minWidth: 0, px: 1, py: 0.25, fontSize: 12 }}>
          {busy ? <CircularProgress size={16} color="inherit" /> : t("ticketManager.item.accept")}
        </Button>
      )}
      {ticket.status !== "closed" && (
        <Tooltip title={t("ticketManager.item.close")}>
          <span>
            <IconButton size="small" color="error" disabled={busy} onClick={() => run("close")} aria-label={t("ticketManager.item.close")} data-testid={`ticket-close-${id}`}>
              <CheckCircleOutline fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {ticket.status === "closed" && (
        <Tooltip title={t("ticketManager.item.reopen")}>
          <span>
            <IconButton size="small" color="primary" disabled={busy} onClick={() => run("reopen")} aria-label={t("ticketManager.item.reopen")} data-testid={`ticket-reopen-${id}`}>
              <ReplayOutlined fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {dialog}
    </Stack>
  );
}
