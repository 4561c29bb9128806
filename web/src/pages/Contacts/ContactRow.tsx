import { Avatar, IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import WhatsAppIcon from "@mui/icons-material/WhatsApp";
import { useTranslation } from "react-i18next";
import type { ContactView } from "@balcao/common";
import { PHONE_HIDDEN, PHONE_TITLE } from "../../components/phoneTable";

interface ContactRowProps {
  contact: ContactView;
  canDelete: boolean;
  onNewTicket(): void;
  onEdit(): void;
  onDelete(): void;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");

/** One contact: picture, name, number and email, with new-ticket, edit and (when allowed) delete. */
export function ContactRow({ contact, canDelete, onNewTicket, onEdit, onDelete }: ContactRowProps) {
  const { t } = useTranslation();
  const picture = contact.urlPicture || contact.profilePicUrl || undefined;
  const action = (label: string, testId: string, onClick: () => void, icon: React.ReactNode, color?: "success" | "error") => (
    <Tooltip title={label}>
      <IconButton size="small" color={color} onClick={onClick} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <TableRow hover data-testid={`contact-row-${contact.id}`}>
      <TableCell sx={{ width: 56 }} className={PHONE_HIDDEN}>
        <Avatar src={picture} alt={contact.name} sx={{ width: 36, height: 36, fontSize: 14 }}>
          {initials(contact.name)}
        </Avatar>
      </TableCell>
      <TableCell className={PHONE_TITLE} data-testid={`contact-name-${contact.id}`}>
        <Typography variant="body2" fontWeight={500}>
          {contact.name}
        </Typography>
      </TableCell>
      <TableCell data-testid={`contact-number-${contact.id}`}>{contact.number}</TableCell>
      <TableCell data-testid={`contact-email-${contact.id}`}>{contact.email}</TableCell>
      <TableCell align="center">
        <Stack direction="row" spacing={0.5} justifyContent="center">
          {action(t("contacts.newTicketAction", { name: contact.name }), `contact-new-ticket-${contact.id}`, onNewTicket, <WhatsAppIcon fontSize="small" />, "success")}
          {action(t("contacts.editAction", { name: contact.name }), `contact-edit-${contact.id}`, onEdit, <EditIcon fontSize="small" />)}
          {canDelete && action(t("contacts.deleteAction", { name: contact.name }), `contact-delete-${contact.id}`, onDelete, <DeleteOutlineIcon fontSize="small" />, "error")}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
