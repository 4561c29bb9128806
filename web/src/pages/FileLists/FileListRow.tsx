import { Chip, Stack, TableCell, TableRow, Typography } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { useTranslation } from "react-i18next";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import type { FileListRecord } from "./fileListsApi";

interface FileListRowProps {
  record: FileListRecord;
  canManage: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** One file list: its name and message, its options' names (on a phone, how many), actions. */
export function FileListRow({ record, canManage, onEdit, onDelete }: FileListRowProps) {
  const { t } = useTranslation();
  const count = record.options.length;
  return (
    <TableRow hover data-testid={`file-list-row-${record.id}`} data-name={record.name}>
      <TableCell sx={{ maxWidth: { xs: 150, sm: 360 } }}>
        <Typography fontWeight={600} noWrap title={record.name}>
          {record.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={record.message}>
          {record.message}
        </Typography>
      </TableCell>
      <TableCell data-testid={`file-list-files-${record.id}`} data-count={count}>
        {count === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t("fileLists.noFiles")}
          </Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ display: { xs: "block", sm: "none" } }}>
              {t("fileLists.fileCount", { count })}
            </Typography>
            <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap sx={{ display: { xs: "none", sm: "flex" } }}>
              {record.options.map((o) => (
                <Chip
                  key={o.id}
                  size="small"
                  icon={o.path ? <AttachFileIcon /> : undefined}
                  variant={o.path ? "filled" : "outlined"}
                  label={o.name}
                  title={o.mediaName ?? undefined}
                  sx={{ maxWidth: 180 }}
                  data-testid={`file-list-option-${o.id}`}
                />
              ))}
            </Stack>
          </>
        )}
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        {canManage && (
          <>
            <EditRowButton label={t("fileLists.editAction", { name: record.name })} onClick={onEdit} testId={`file-list-edit-${record.id}`} />
            <DeleteRowButton label={t("fileLists.deleteAction", { name: record.name })} onClick={onDelete} testId={`file-list-delete-${record.id}`} />
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
