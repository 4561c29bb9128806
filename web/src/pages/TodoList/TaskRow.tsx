import { IconButton, ListItem, ListItemText, Stack, Tooltip } from "@mui/material";
import EditOutlinedIcon from "@mui/icons-material/EditOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../i18n/format";
import type { Task } from "./useTasks";

interface TaskRowProps {
  task: Task;
  editing: boolean;
  onEdit(): void;
  onDelete(): void;
}

export function TaskRow({ task, editing, onEdit, onDelete }: TaskRowProps) {
  const { t } = useTranslation();
  const changed = task.updatedAt !== task.createdAt;
  return (
    <ListItem
      divider
      data-testid="todo-item"
      sx={{ bgcolor: editing ? "action.selected" : undefined }}
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          <Tooltip title={t("common.edit")}>
            <IconButton edge="end" onClick={onEdit} aria-label={t("common.edit")} data-testid="todo-edit">
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t("common.delete")}>
            <IconButton edge="end" onClick={onDelete} aria-label={t("common.delete")} data-testid="todo-delete">
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      }
    >
      <ListItemText
        primary={task.text}
        secondary={changed ? t("todo.updated", { date: formatDateTime(task.updatedAt) }) : t("todo.created", { date: formatDateTime(task.createdAt) })}
        slotProps={{ primary: { sx: { wordBreak: "break-word", pr: 10 }, "data-testid": "todo-text" } as object }}
      />
    </ListItem>
  );
}
