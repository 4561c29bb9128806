import { TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ContactListItemRecord } from "@balcao/common";
import { PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import { WhatsappValidIcon } from "./WhatsappValidIcon";

interface ContactListItemRowProps {
  item: ContactListItemRecord;
  canDelete: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** One contact of the list: WhatsApp check, name, number, email, edit and (for permitted roles) delete. */
export function ContactListItemRow({ item, canDelete, onEdit, onDelete }: ContactListItemRowProps) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`contact-list-item-row-${item.id}`}>
      <TableCell align="center" sx={{ width: 56 }}>
        <WhatsappValidIcon valid={item.isWhatsappValid} testId={`contact-list-item-whatsapp-${item.id}`} />
      </TableCell>
      <TableCell className={PHONE_TITLE} data-testid={`contact-list-item-name-${item.id}`}>
        {item.name}
      </TableCell>
      <TableCell data-testid={`contact-list-item-number-${item.id}`}>{item.number}</TableCell>
      <TableCell data-testid={`contact-list-item-email-${item.id}`}>{item.email}</TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <EditRowButton label={t("contactListItems.editAction", { name: item.name })} onClick={onEdit} testId={`contact-list-item-edit-${item.id}`} />
        {canDelete && <DeleteRowButton label={t("contactListItems.deleteAction", { name: item.name })} onClick={onDelete} testId={`contact-list-item-delete-${item.id}`} />}
      </TableCell>
    </TableRow>
  );
}
