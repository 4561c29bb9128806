import { Chip, Stack, TableCell, TableRow, Typography } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { useTranslation } from "react-i18next";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import type { QuickMessageRecord } from "./quickMessagesApi";

interface QuickMessageRowProps {
  record: QuickMessageRecord;
  canEdit: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** One quick reply: its shortcode (with shared/inactive marks), the attachment's name or 'no attachment', actions. */
export function QuickMessageRow({ record, canEdit, onEdit, onDelete }: QuickMessageRowProps) {
  const { t } = useTranslation();
  const editLabel = t("quickMessages.editAction", { shortcode: record.shortcode });
  const deleteLabel = t("quickMessages.deleteAction", { shortcode: record.shortcode });
  return (
    <TableRow hover data-testid={`quick-message-row-${record.id}`} data-shortcode={record.shortcode}>
      <TableCell>
        <Stack direction="row" spacing={1} alignItems="center">
          <Typography fontWeight={600}>{record.shortcode}</Typography>
          {record.geral && <Chip size="small" color="primary" variant="outlined" label={t("quickMessages.shared")} />}
          {!record.status && <Chip size="small" label={t("quickMessages.inactive")} />}
        </Stack>
        <Typography variant="body2" color="text.secondary" noWrap sx={{ maxWidth: 420 }} title={record.message}>
          {record.message}
        </Typography>
      </TableCell>
      <TableCell align="center" data-testid={`quick-message-media-${record.id}`}>
        {record.mediaName ? (
          <Stack direction="row" spacing={0.5} alignItems="center" justifyContent="center">
            <AttachFileIcon fontSize="small" color="action" />
            <Typography variant="body2">{record.mediaName}</Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("quickMessages.noAttachment")}
          </Typography>
        )}
      </TableCell>
      <TableCell align="center">
        {canEdit && (
          <>
            <EditRowButton label={editLabel} onClick={onEdit} testId={`quick-message-edit-${record.id}`} />
            <DeleteRowButton label={deleteLabel} onClick={onDelete} testId={`quick-message-delete-${record.id}`} />
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
