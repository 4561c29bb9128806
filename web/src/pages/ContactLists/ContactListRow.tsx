import { Box, IconButton, TableCell, TableRow, Tooltip } from "@mui/material";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import PeopleOutlineOutlined from "@mui/icons-material/PeopleOutlineOutlined";
import { useTranslation } from "react-i18next";
import type { ContactListRecord } from "@balcao/common";
import { PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";

interface ContactListRowProps {
  record: ContactListRecord;
  onDownloadExample(): void;
  onOpen(): void;
  onEdit(): void;
  onDelete(): void;
}

/** One list: its name, how many contacts it holds, and its actions (example spreadsheet, contacts, edit, delete). */
export function ContactListRow({ record, onDownloadExample, onOpen, onEdit, onDelete }: ContactListRowProps) {
  const { t } = useTranslation();
  const openLabel = t("contactLists.openAction", { name: record.name });
  return (
    <TableRow hover data-testid={`contact-list-row-${record.id}`}>
      <TableCell align="center" className={PHONE_TITLE} data-testid={`contact-list-name-${record.id}`}>
        {record.name}
      </TableCell>
      <TableCell align="center">
        <span data-testid={`contact-list-count-${record.id}`}>{record.contactsCount}</span>
        {/* phones show rows as cards, without the header that names the column */}
        <Box component="span" sx={{ display: { xs: "inline", sm: "none" } }}>
          {" "}
          {t("contactLists.columns.contacts").toLowerCase()}
        </Box>
      </TableCell>
      <TableCell align="center" sx={{ whiteSpace: "nowrap" }}>
        <Tooltip title={t("contactLists.downloadExample")}>
          <IconButton size="small" onClick={onDownloadExample} aria-label={t("contactLists.downloadExample")} data-testid={`contact-list-example-${record.id}`}>
            <DownloadOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={openLabel}>
          <IconButton size="small" onClick={onOpen} aria-label={openLabel} data-testid={`contact-list-open-${record.id}`}>
            <PeopleOutlineOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        <EditRowButton label={t("contactLists.editAction", { name: record.name })} onClick={onEdit} testId={`contact-list-edit-${record.id}`} />
        <DeleteRowButton label={t("contactLists.deleteAction", { name: record.name })} onClick={onDelete} testId={`contact-list-delete-${record.id}`} />
      </TableCell>
    </TableRow>
  );
}
