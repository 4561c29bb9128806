import { useState } from "react";
import { Avatar, Box, Button, Divider, Drawer, IconButton, Link, List, ListItem, ListItemText, Typography, useMediaQuery, useTheme } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ticketViewKeys } from "../api";
import type { ContactView, TicketView } from "../types";
import { ContactModal } from "../../../../components/ContactModal";
import { Notes } from "./Notes";

export const CONTACT_DRAWER_WIDTH = 320;

function ContactDetails({ ticket, onClose }: { ticket: TicketView; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const { contact } = ticket;
  const extraInfo = contact.extraInfo ?? [];

  const onSaved = (saved: ContactView) => queryClient.setQueryData<TicketView>(ticketViewKeys.ticket(ticket.uuid), (current) => (current ? { ...current, contact: { ...current.contact, ...saved } } : current));

  return (
    <Box data-testid="contact-drawer" sx={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", bgcolor: "background.paper" }}>
      <Box sx={{ display: "flex", alignItems: "center", px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}>
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {t("ticketView.contact.title")}
        </Typography>
        <IconButton aria-label={t("ticketView.contact.close")} onClick={onClose} data-testid="contact-drawer-close">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, overflowY: "auto", p: 2, display: "flex", flexDirection: "column", gap: 2 }}>
        <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 0.5, textAlign: "center" }}>
          <Avatar src={contact.urlPicture ?? contact.profilePicUrl ?? undefined} alt={contact.name} sx={{ width: 120, height: 120, fontSize: 48 }}>
            {contact.name.slice(0, 1).toUpperCase()}
          </Avatar>
          <Typography variant="h6" sx={{ wordBreak: "break-word" }} data-testid="contact-drawer-name">
            {contact.name}
          </Typography>
          <Typography variant="body2" data-testid="contact-drawer-number">
            {contact.number ? <Link href={`tel:${contact.number}`}>{contact.number}</Link> : "—"}
          </Typography>
          {contact.lid && (
            <Typography variant="caption" color="text.secondary" data-testid="contact-drawer-lid">
              {t("ticketView.contactModal.lid")}: {contact.lid}
            </Typography>
          )}
          {contact.username && (
            <Typography variant="caption" color="text.secondary" data-testid="contact-drawer-username">
              {t("ticketView.contactModal.username")}: {contact.username}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" data-testid="contact-drawer-email">
            {contact.email ? <Link href={`mailto:${contact.email}`}>{contact.email}</Link> : t("ticketView.contact.noEmail")}
          </Typography>
          <Button variant="outlined" size="small" startIcon={<EditOutlinedIcon />} onClick={() => setEditing(true)} sx={{ mt: 1 }} data-testid="contact-edit">
            {t("ticketView.contact.edit")}
          </Button>
        </Box>
        <Divider />
        <Notes ticket={ticket} />
        <Divider />
        <Box>
          <Typography variant="subtitle2">{t("ticketView.contact.extraInfo")}</Typography>
          {extraInfo.length === 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t("ticketView.contact.noExtraInfo")}
            </Typography>
          ) : (
            <List dense disablePadding data-testid="contact-extra-info">
              {extraInfo.map((info, index) => (
                <ListItem key={`${info.name}-${index}`} disableGutters>
                  <ListItemText primary={info.value} secondary={info.name} slotProps={{ primary: { sx: { overflowWrap: "anywhere" } } }} />
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Box>
      <ContactModal open={editing} contact={contact} onClose={() => setEditing(false)} onSaved={onSaved} />
    </Box>
  );
}

/** The contact's details beside the conversation on wide screens, over it on narrow ones. */
export function ContactDrawer({ open, ticket, onClose }: { open: boolean; ticket: TicketView; onClose(): void }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"));
  if (wide) {
    if (!open) return null;
    return (
      <Box component="aside" sx={{ width: CONTACT_DRAWER_WIDTH, flexShrink: 0, borderLeft: 1, borderColor: "divider", minHeight: 0 }}>
        <ContactDetails ticket={ticket} onClose={onClose} />
      </Box>
    );
  }
  return (
    // Above the app bar (which sits over the side menu), as wide as the screen allows.
    <Drawer anchor="right" open={open} onClose={onClose} sx={{ zIndex: (t) => t.zIndex.drawer + 2 }} slotProps={{ paper: { sx: { width: `min(100vw, ${CONTACT_DRAWER_WIDTH + 40}px)` } } }}>
      <ContactDetails ticket={ticket} onClose={onClose} />
    </Drawer>
  );
}
