import { useState, type ReactNode } from "react";
import { Box, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import type { QueueOption } from "../queuesApi";
import { OptionForm } from "./OptionForm";
import type { QueueOptionLevel } from "./useQueueOptions";

interface OptionNodeProps {
  option: QueueOption;
  level: QueueOptionLevel;
  /** The option's own sub-level, drawn by the list (which renders itself recursively). */
  subLevel(adding: boolean, onAddingChange: (adding: boolean) => void): ReactNode;
}

/** One option of the menu: shown, edited in place, deleted (with its sub-options), and its own sub-level. */
export function OptionNode({ option, level, subLevel }: OptionNodeProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [addingChild, setAddingChild] = useState(false);
  const [confirming, setConfirming] = useState(false);

  return (
    <Box data-testid={`queue-option-${option.id}`}>
      {editing ? (
        <OptionForm
          initial={{ option: option.option, title: option.title, message: option.message }}
          saving={level.update.isPending}
          onSubmit={(fields) => level.update.mutate({ id: option.id, fields }, { onSuccess: () => setEditing(false) })}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <Stack direction="row" alignItems="flex-start" spacing={1} sx={{ px: 1.5, py: 1, borderRadius: 1, bgcolor: "action.hover" }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography fontWeight={600} data-testid={`queue-option-label-${option.id}`}>
              {option.option} - {option.title || t("queues.options.untitled")}
            </Typography>
            {option.message && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                {option.message}
              </Typography>
            )}
          </Box>
          <Tooltip title={t("queues.options.addChild")}>
            <IconButton size="small" onClick={() => setAddingChild(true)} aria-label={t("queues.options.addChild")} data-testid={`queue-option-add-child-${option.id}`}>
              <AddIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t("queues.options.edit")}>
            <IconButton size="small" onClick={() => setEditing(true)} aria-label={t("queues.options.edit")} data-testid={`queue-option-edit-${option.id}`}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t("queues.options.delete")}>
            <IconButton size="small" onClick={() => setConfirming(true)} aria-label={t("queues.options.delete")} data-testid={`queue-option-delete-${option.id}`}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      )}
      {subLevel(addingChild, setAddingChild)}
      <ConfirmDialog
        open={confirming}
        title={t("common.deleteConfirmTitle")}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => level.remove.mutate(option.id)}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
