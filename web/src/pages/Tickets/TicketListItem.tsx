import { memo, useState } from "react";
import { alpha, Avatar, Box, Chip, ListItemAvatar, ListItemButton, Stack, Tooltip, Typography, useMediaQuery, useTheme } from "@mui/material";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import { useTranslation } from "react-i18next";
import type { Ticket } from "../../api/tickets";
import { oneLinePreview } from "../../components/whatsappText/whatsappFormat";
import { formatTicketTime, shortName } from "./ticketFormat";
import { TicketItemActions } from "./TicketItemActions";
import { PeekDialog } from "./PeekDialog";
import { SlaChip, useSlaLevel } from "../../components/sla/SlaChip";

interface TicketListItemProps {
  ticket: Ticket;
  selected: boolean;
  canPeek: boolean;
  onOpen(ticket: Ticket): void;
}

const chipSx = { height: 20, fontSize: 11, maxWidth: 140 } as const;

/** One ticket in the manager's list: who, what, where and the actions its status allows. */
function TicketListItemBase({ ticket, selected, canPeek, onOpen }: TicketListItemProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("sm"));
  const [peeking, setPeeking] = useState(false);
  const pending = ticket.status === "pending";
  const name = ticket.contact?.name ?? "";
  const picture = ticket.contact?.urlPicture || ticket.contact?.profilePicUrl || undefined;
  const preview = oneLinePreview(ticket.lastMessage);
  const slaLevel = useSlaLevel(ticket.sla);
  const slaTint = slaLevel === "near" ? "warning" : slaLevel === "breached" ? "error" : null;

  return (
    <Box
      data-testid={`ticket-item-${ticket.id}`}
      data-status={ticket.status}
      data-selected={selected}
      data-sla={slaLevel ?? undefined}
      sx={{
        display: "flex",
        alignItems: "stretch",
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: selected ? "action.selected" : undefined,
        // near an SLA breach, or past it: a tint of the warning or error colour
        ...(slaTint && { backgroundImage: (theme) => `linear-gradient(${alpha(theme.palette[slaTint].main, 0.14)}, ${alpha(theme.palette[slaTint].main, 0.14)})` }),
      }}
    >
      <Tooltip title={ticket.queue?.name ?? t("ticketManager.noQueue")} placement="right">
        <Box sx={{ width: 6, flexShrink: 0, bgcolor: ticket.queue?.color ?? "grey.500" }} aria-hidden />
      </Tooltip>
      <ListItemButton
        onClick={() => !pending && onOpen(ticket)}
        aria-disabled={pending}
        title={pending ? t("ticketManager.item.pendingHint") : undefined}
        sx={{ alignItems: "flex-start", minWidth: 0, py: 1, pr: 0.5, cursor: pending ? "default" : "pointer" }}
        data-testid={`ticket-open-${ticket.id}`}
      >
        <ListItemAvatar sx={{ minWidth: 48, mt: 0.25 }}>
          <Avatar src={picture} alt={name}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        </ListItemAvatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" alignItems="center" spacing={0.75} sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap title={name} data-testid={`ticket-name-${ticket.id}`}>
              {shortName(name, narrow)}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              #{ticket.id}
            </Typography>
            {ticket.chatbot && (
              <Tooltip title={t("ticketManager.item.chatbot")}>
                <SmartToyOutlined fontSize="small" color="primary" data-testid={`ticket-chatbot-${ticket.id}`} />
              </Tooltip>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" noWrap title={preview} sx={{ minHeight: 20 }} data-testid={`ticket-preview-${ticket.id}`}>
            {preview}
          </Typography>
          <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ mt: 0.5 }}>
            {ticket.whatsapp && <Chip size="small" variant="outlined" label={ticket.whatsapp.name} title={t("ticketManager.item.connection")} sx={chipSx} />}
            {ticket.user && <Chip size="small" variant="outlined" color="primary" label={ticket.user.name} title={t("ticketManager.item.user")} sx={chipSx} />}
            <Chip size="small" label={ticket.queue?.name ?? t("ticketManager.noQueue")} sx={{ ...chipSx, bgcolor: ticket.queue?.color ?? "grey.600", color: "common.white" }} />
            {ticket.tags.map((tag) => (
              <Chip key={tag.id} size="small" label={tag.name} sx={{ ...chipSx, bgcolor: tag.color, color: "common.white" }} />
            ))}
          </Stack>
        </Box>
      </ListItemButton>
      <Stack alignItems="flex-end" justifyContent="space-between" spacing={0.5} sx={{ py: 1, pr: 1, pl: 0.5, flexShrink: 0 }}>
        <Typography variant="caption" color={ticket.unreadMessages > 0 ? "success.main" : "text.secondary"} data-testid={`ticket-time-${ticket.id}`}>
          {formatTicketTime(ticket.updatedAt)}
        </Typography>
        <SlaChip sla={ticket.sla} testId={`ticket-sla-${ticket.id}`} />
        {ticket.unreadMessages > 0 && (
          <Box
            component="span"
            aria-label={t("ticketManager.item.unread", { count: ticket.unreadMessages })}
            data-testid={`ticket-unread-${ticket.id}`}
            sx={{ bgcolor: "success.main", color: "common.white", borderRadius: 10, px: 0.75, minWidth: 20, textAlign: "center", fontSize: 12, fontWeight: 600, lineHeight: "20px" }}
          >
            {ticket.unreadMessages > 999 ? "999+" : ticket.unreadMessages}
          </Box>
        )}
        <TicketItemActions ticket={ticket} canPeek={canPeek} onPeek={() => setPeeking(true)} />
      </Stack>
      {peeking && <PeekDialog ticket={ticket} onClose={() => setPeeking(false)} />}
    </Box>
  );
}

export const TicketListItem = memo(TicketListItemBase);
