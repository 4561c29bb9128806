import { Chip, TableCell, TableRow } from "@mui/material";
import ViewKanbanOutlined from "@mui/icons-material/ViewKanbanOutlined";
import { useTranslation } from "react-i18next";
import { PHONE_HIDDEN, PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import { contrastText, type TagItem } from "./tagsApi";

interface TagRowProps {
  tag: TagItem;
  canManage: boolean;
  onEdit(): void;
  onDelete(): void;
}

/** One tag: its name as a chip in its colour, the number of tickets carrying it, edit and delete. */
export function TagRow({ tag, canManage, onEdit, onDelete }: TagRowProps) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`tag-row-${tag.id}`}>
      <TableCell align="center" className={PHONE_TITLE}>
        <Chip
          label={tag.name}
          data-testid={`tag-chip-${tag.id}`}
          data-color={tag.color}
          icon={tag.kanban ? <ViewKanbanOutlined sx={{ color: `${contrastText(tag.color)} !important` }} aria-label={t("tags.dialog.kanban")} data-testid={`tag-kanban-${tag.id}`} /> : undefined}
          sx={{ bgcolor: tag.color, color: contrastText(tag.color), fontWeight: 600 }}
        />
      </TableCell>
      <TableCell align="center" className={PHONE_HIDDEN} data-testid={`tag-tickets-${tag.id}`}>
        {tag.ticketsCount}
      </TableCell>
      <TableCell align="center">
        {canManage && (
          <>
            <EditRowButton label={t("tags.editAction", { name: tag.name })} onClick={onEdit} testId={`tag-edit-${tag.id}`} />
            <DeleteRowButton label={t("tags.deleteAction", { name: tag.name })} onClick={onDelete} testId={`tag-delete-${tag.id}`} />
          </>
        )}
      </TableCell>
    </TableRow>
  );
}
