import { Avatar, Box, ButtonBase, Chip, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { TicketView } from "../types";
import { TicketActions } from "./TicketActions";
import { TicketOptionsMenu } from "./TicketOptionsMenu";
import { ServiceWindowChip } from "./ServiceWindowChip";
import { SlaChip } from "../../../../components/sla/SlaChip";

/** Contact (opens the contact drawer), assigned user, queue, status actions and the options menu. */
export function TicketHeader({ ticket, onOpenContact }: { ticket: TicketView; onOpenContact(): void }) {
  const { t } = useTranslation();
  const { contact } = ticket;
  return (
    <Paper square elevation={0} data-testid="ticket-header" sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: "divider", flexWrap: "wrap" }}>
      <ButtonBase
        onClick={onOpenContact}
        aria-label={t("ticketView.header.openContact")}
        data-testid="ticket-contact"
        sx={{ display: "flex", alignItems: "center", gap: 1.5, borderRadius: 1, p: 0.5, minWidth: 0, flex: "1 1 200px", justifyContent: "flex-start", textAlign: "left" }}
      >
        <Avatar src={contact.urlPicture ?? contact.profilePicUrl ?? undefined} alt={contact.name}>
          {contact.name.slice(0, 1).toUpperCase()}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid="ticket-contact-name">
            {contact.name}{" "}
            <Typography component="span" variant="caption" color="text.secondary">
              {t("ticketView.header.ticketNumber", { id: ticket.id })}
            </Typography>
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div" data-testid="ticket-user-name">
            {ticket.user ? t("ticketView.header.assignedTo", { name: ticket.user.name }) : t("ticketView.header.unassigned")}
          </Typography>
        </Box>
      </ButtonBase>
      <Chip size="small" label={ticket.queue?.name ?? t("ticketView.header.noQueue")} sx={{ bgcolor: ticket.queue?.color ?? "grey.500", color: "#fff", maxWidth: 160, display: { xs: "none", sm: "inline-flex" } }} />
      <ServiceWindowChip ticket={ticket} />
      <SlaChip sla={ticket.sla} testId="ticket-header-sla" />
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, ml: "auto" }}>
        <TicketActions ticket={ticket} />
        <TicketOptionsMenu ticket={ticket} />
      </Box>
    </Paper>
  );
}
