import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Box, Button, List, Paper, Stack, TextField, Typography } from "@mui/material";
import PlaylistAddCheckIcon from "@mui/icons-material/PlaylistAddCheck";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { PageContainer } from "../../components/PageContainer";
import { TaskRow } from "./TaskRow";
import { useTasks } from "./useTasks";

/** The local task list (/todolist): tasks live only in this browser. */
export function TodoListPage() {
  const { t } = useTranslation();
  const { tasks, add, edit, remove } = useTasks();
  const [text, setText] = useState("");
  const [editingIndex, setEditingIndex] = useState<number | null>(null);
  const [deleteIndex, setDeleteIndex] = useState<number | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const done = editingIndex === null ? add(text) : edit(editingIndex, text);
    if (done) {
      setText("");
      setEditingIndex(null);
    }
  };

  const startEdit = (index: number) => {
    setEditingIndex(index);
    setText(tasks[index].text);
  };

  const cancelEdit = () => {
    setEditingIndex(null);
    setText("");
  };

  return (
    <PageContainer title={t("todo.title")} subtitle={t("todo.subtitle")} maxWidth={800}>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack component="form" direction={{ xs: "column", sm: "row" }} spacing={1} onSubmit={submit}>
          <TextField fullWidth size="small" label={t("todo.placeholder")} value={text} onChange={(event) => setText(event.target.value)} slotProps={{ htmlInput: { "data-testid": "todo-input", maxLength: 500 } }} />
          <Button type="submit" variant="contained" data-testid="todo-submit" sx={{ minWidth: 120 }}>
            {editingIndex === null ? t("todo.add") : t("todo.save")}
          </Button>
          {editingIndex !== null && (
            <Button onClick={cancelEdit} data-testid="todo-cancel-edit" sx={{ minWidth: 120 }}>
              {t("todo.cancelEdit")}
            </Button>
          )}
        </Stack>
      </Paper>
      <Paper variant="outlined">
        {tasks.length === 0 ? (
          <Box sx={{ p: 4, textAlign: "center" }} data-testid="todo-empty">
            <PlaylistAddCheckIcon color="disabled" sx={{ fontSize: 48 }} />
            <Typography color="text.secondary">{t("todo.empty")}</Typography>
          </Box>
        ) : (
          <List disablePadding data-testid="todo-list">
            {tasks.map((task, index) => (
              <TaskRow key={`${task.createdAt}-${index}`} task={task} editing={editingIndex === index} onEdit={() => startEdit(index)} onDelete={() => setDeleteIndex(index)} />
            ))}
          </List>
        )}
      </Paper>
      <ConfirmDialog
        open={deleteIndex !== null}
        title={t("todo.deleteTitle")}
        message={t("todo.deleteText", { text: deleteIndex !== null ? (tasks[deleteIndex]?.text ?? "") : "" })}
        confirmLabel={t("common.delete")}
        onClose={() => setDeleteIndex(null)}
        onConfirm={() => {
          if (deleteIndex === null) return;
          remove(deleteIndex);
          if (editingIndex === deleteIndex) cancelEdit();
          else if (editingIndex !== null && editingIndex > deleteIndex) setEditingIndex(editingIndex - 1);
        }}
      />
    </PageContainer>
  );
}
