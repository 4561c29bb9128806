import { Box, Chip, Stack, TableCell, TableRow, Typography } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { useTranslation } from "react-i18next";
import type { AnnouncementRecord } from "../../api/announcements";
import { PRIORITY_COLOR, PRIORITY_KEY, priorityOf } from "../../components/announcementPriority";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";

interface AnnouncementRowProps {
  record: AnnouncementRecord;
  onEdit(): void;
  onDelete(): void;
}

/** One announcement: title (and text), priority, the attachment's name, status, actions. */
export function AnnouncementRow({ record, onEdit, onDelete }: AnnouncementRowProps) {
  const { t } = useTranslation();
  const priority = priorityOf(record.priority);
  const status = <Chip size="small" color={record.status ? "success" : "default"} variant={record.status ? "filled" : "outlined"} label={record.status ? t("announcements.active") : t("announcements.inactive")} />;
  return (
    <TableRow hover data-testid={`announcement-row-${record.id}`} data-title={record.title}>
      <TableCell sx={{ maxWidth: { xs: 130, sm: 420 } }}>
        <Typography fontWeight={600} noWrap title={record.title}>
          {record.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={record.text}>
          {record.text}
        </Typography>
        {/* on a phone the status and the attachment live here, their columns hidden */}
        <Stack direction="row" spacing={0.5} alignItems="center" sx={{ display: { xs: "flex", sm: "none" }, mt: 0.5 }}>
          {status}
          {record.mediaName && <AttachFileIcon fontSize="small" color="action" titleAccess={record.mediaName} />}
        </Stack>
      </TableCell>
      <TableCell align="center" data-testid={`announcement-priority-${record.id}`}>
        <Stack direction="row" spacing={0.75} alignItems="center" justifyContent="center">
          <Box component="span" sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: PRIORITY_COLOR[priority], flexShrink: 0 }} />
          <Typography variant="body2">{t(`announcements.priorities.${PRIORITY_KEY[priority]}`)}</Typography>
        </Stack>
      </TableCell>
      <TableCell align="center" sx={{ display: { xs: "none", sm: "table-cell" } }} data-testid={`announcement-media-${record.id}`}>
        {record.mediaName ? (
          <Stack direction="row" spacing={0.5} alignItems="center" justifyContent="center">
            <AttachFileIcon fontSize="small" color="action" />
            <Typography variant="body2" noWrap sx={{ maxWidth: 200 }} title={record.mediaName}>
              {record.mediaName}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t("announcements.noAttachment")}
          </Typography>
        )}
      </TableCell>
      <TableCell align="center" sx={{ display: { xs: "none", sm: "table-cell" } }} data-testid={`announcement-status-${record.id}`}>
        {status}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <EditRowButton label={t("announcements.editAction", { title: record.title })} onClick={onEdit} testId={`announcement-edit-${record.id}`} />
        <DeleteRowButton label={t("announcements.deleteAction", { title: record.title })} onClick={onDelete} testId={`announcement-delete-${record.id}`} />
      </TableCell>
    </TableRow>
  );
}
