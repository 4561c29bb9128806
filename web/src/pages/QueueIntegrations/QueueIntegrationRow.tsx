import { TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { QueueIntegrationRecord } from "@balcao/common";
import { PHONE_HIDDEN, PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import { IntegrationTypeLogo } from "./IntegrationTypeLogo";

interface Props {
  integration: QueueIntegrationRecord;
  onEdit(): void;
  onDelete(): void;
}

/** One integration: its type's logo, id, name, edit and delete. */
export function QueueIntegrationRow({ integration, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`integration-row-${integration.id}`}>
      <TableCell align="center" padding="checkbox">
        <IntegrationTypeLogo type={integration.type} label={t(`queueIntegrations.types.${integration.type}`)} />
      </TableCell>
      <TableCell align="center" className={PHONE_HIDDEN}>
        {integration.id}
      </TableCell>
      <TableCell align="center" className={PHONE_TITLE}>
        {integration.name}
      </TableCell>
      <TableCell align="center">
        <EditRowButton label={t("queueIntegrations.editAction", { name: integration.name })} onClick={onEdit} testId={`integration-edit-${integration.id}`} />
        <DeleteRowButton label={t("queueIntegrations.deleteAction", { name: integration.name })} onClick={onDelete} testId={`integration-delete-${integration.id}`} />
      </TableCell>
    </TableRow>
  );
}
