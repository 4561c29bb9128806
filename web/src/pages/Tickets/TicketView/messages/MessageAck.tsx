import { Box, Button, Tooltip } from "@mui/material";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import DoneIcon from "@mui/icons-material/Done";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import ErrorOutlineIcon from "@mui/icons-material/ErrorOutline";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { retryMessage } from "../api";
import type { MessageView } from "../types";

const READ_BLUE = "#0377FC";

/** Delivery ticks of a sent message: clock, single, double, blue double; played (4/5) highlighted. */
export function MessageAck({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const retry = useMutation({
    mutationFn: () => retryMessage(message.id),
    onSuccess: () => toast.success(t("ticketView.messages.retried")),
  });

  if (message.sendStatus === "failed" && !message.isDeleted) {
    return (
      <Box component="span" sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }} data-testid={`message-ack-${message.id}`} data-ack="failed">
        <Tooltip title={t("ticketView.messages.failed")}>
          <ErrorOutlineIcon color="error" sx={{ fontSize: 16 }} />
        </Tooltip>
        <Button size="small" color="error" disabled={retry.isPending} onClick={() => retry.mutate()} sx={{ minWidth: 0, py: 0, px: 0.5, fontSize: 12 }} data-testid={`message-retry-${message.id}`}>
          {t("ticketView.messages.retry")}
        </Button>
      </Box>
    );
  }

  const ack = message.ack ?? 0;
  const [label, icon] =
    ack <= 0
      ? [t("ticketView.messages.ack.pending"), <AccessTimeIcon sx={{ fontSize: 15 }} />]
      : ack === 1
        ? [t("ticketView.messages.ack.sent"), <DoneIcon sx={{ fontSize: 16 }} />]
        : ack === 2
          ? [t("ticketView.messages.ack.delivered"), <DoneAllIcon sx={{ fontSize: 16 }} />]
          : ack === 3
            ? [t("ticketView.messages.ack.read"), <DoneAllIcon sx={{ fontSize: 16, color: READ_BLUE }} />]
            : [t("ticketView.messages.ack.played"), <DoneAllIcon sx={{ fontSize: 16, color: READ_BLUE, filter: `drop-shadow(0 0 2px ${READ_BLUE})` }} />];
  return (
    <Tooltip title={label}>
      <Box component="span" aria-label={label} sx={{ display: "inline-flex", color: "text.secondary" }} data-testid={`message-ack-${message.id}`} data-ack={ack}>
        {icon}
      </Box>
    </Tooltip>
  );
}
