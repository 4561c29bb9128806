import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import OpenInNewOutlined from "@mui/icons-material/OpenInNewOutlined";
import { useDraggable } from "@dnd-kit/core";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { oneLinePreview } from "../../components/whatsappText/whatsappFormat";
import type { KanbanTicket } from "./kanbanApi";

/** What a card shows: ticket number, contact name and number, last message and the way to the ticket. */
export function KanbanCardView({ ticket, lifted = false }: { ticket: KanbanTicket; lifted?: boolean }) {
  const { t } = useTranslation();
  const preview = oneLinePreview(ticket.lastMessage);
  return (
    <Paper variant={lifted ? "elevation" : "outlined"} elevation={lifted ? 8 : 0} sx={{ p: 1.25, cursor: lifted ? "grabbing" : "grab", bgcolor: "background.paper" }}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
        <Typography variant="caption" color="text.secondary" data-testid={`kanban-card-number-${ticket.id}`}>
          {t("kanban.ticketNumber", { id: ticket.id })}
        </Typography>
        {ticket.queue && <Chip size="small" label={ticket.queue.name} sx={{ height: 18, fontSize: 11, maxWidth: 120, bgcolor: ticket.queue.color, color: "common.white" }} />}
      </Stack>
      <Typography variant="subtitle2" noWrap title={ticket.contact?.name} data-testid={`kanban-card-name-${ticket.id}`}>
        {ticket.contact?.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div" noWrap>
        {ticket.contact?.number}
      </Typography>
      <Typography
        variant="body2"
        color={preview ? "text.primary" : "text.disabled"}
        title={preview}
        sx={{ mt: 0.5, overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", wordBreak: "break-word" }}
      >
        {preview || t("kanban.noMessage")}
      </Typography>
      <Box sx={{ mt: 1, display: "flex", justifyContent: "flex-end" }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<OpenInNewOutlined fontSize="small" />}
          component={RouterLink}
          to={`/tickets/${ticket.uuid}`}
          // Enter and space open the ticket here; they must not pick the card up
          onKeyDown={(e) => e.stopPropagation()}
          data-testid={`kanban-view-${ticket.id}`}
        >
          {t("kanban.viewTicket")}
        </Button>
      </Box>
    </Paper>
  );
}

/** A card the user drags; while it is lifted the overlay shows it and this place stays faded. */
export function KanbanCard({ ticket }: { ticket: KanbanTicket }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: `ticket-${ticket.id}`, data: { ticketId: ticket.id } });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-testid={`kanban-card-${ticket.id}`}
      sx={{ opacity: isDragging ? 0.4 : 1, touchAction: "none", outline: "none", "&:focus-visible > *": { outline: 2, outlineColor: "primary.main" } }}
    >
      <KanbanCardView ticket={ticket} />
    </Box>
  );
}
