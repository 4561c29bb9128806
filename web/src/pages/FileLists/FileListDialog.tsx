import { Box, Button, Stack, TextField, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { FILE_LIST_MAX_OPTIONS } from "@balcao/common";
import { RecordFormDialog } from "../../components/recordDialog/RecordFormDialog";
import type { FileListRecord } from "./fileListsApi";
import { emptyOptionRow, fileListErrorText, nameFromFile } from "./fileListForm";
import { FileOptionField } from "./FileOptionField";
import { useFileListDialog } from "./useFileListDialog";

interface FileListDialogProps {
  open: boolean;
  /** null: a new list. */
  fileListId: number | null;
  onClose(): void;
  onSaved(record: FileListRecord): void;
}

/** Adds or edits a file list: name, message, and its options, each a name and a file sent on save. */
export function FileListDialog({ open, fileListId, onClose, onSaved }: FileListDialogProps) {
  const { t } = useTranslation();
  const state = useFileListDialog({ open, id: fileListId, onSaved, onClose });
  const { register, formState, watch, setValue, getValues } = state.form;
  const { fields, append, remove } = state.options;
  const rows = watch("options");
  const optionsError = formState.errors.options?.message ?? formState.errors.options?.root?.message;

  const addOption = () => {
    if (fields.length >= FILE_LIST_MAX_OPTIONS) toast.error(t("fileLists.dialog.tooManyOptions", { max: FILE_LIST_MAX_OPTIONS }));
    else append(emptyOptionRow());
  };

  const pickFile = (index: number, file: File) => {
    setValue(`options.${index}.file`, file, { shouldDirty: true });
    if (!getValues(`options.${index}.name`).trim()) setValue(`options.${index}.name`, nameFromFile(file.name), { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <RecordFormDialog open={open} onClose={onClose} state={state} testIdPrefix="file-list">
      <TextField
        label={t("fileLists.dialog.name")}
        required
        autoFocus
        fullWidth
        {...register("name")}
        error={!!formState.errors.name}
        helperText={fileListErrorText(formState.errors.name?.message)}
        slotProps={{ htmlInput: { "data-testid": "file-list-name", maxLength: 100 } }}
      />
      <TextField
        label={t("fileLists.dialog.message")}
        required
        multiline
        minRows={3}
        maxRows={10}
        fullWidth
        {...register("message")}
        error={!!formState.errors.message}
        helperText={fileListErrorText(formState.errors.message?.message) ?? t("fileLists.dialog.messageHint")}
        slotProps={{ htmlInput: { "data-testid": "file-list-message" } }}
      />
      <Box>
        <Typography variant="subtitle2">{t("fileLists.dialog.options")}</Typography>
        <Typography variant="caption" color={optionsError ? "error" : "text.secondary"} component="p" sx={{ mb: 1 }}>
          {fileListErrorText(optionsError) ?? t("fileLists.dialog.optionsHint")}
        </Typography>
        <Stack spacing={1.5}>
          {fields.length === 0 && (
            <Typography variant="body2" color="text.secondary" data-testid="file-list-no-options">
              {t("fileLists.dialog.noOptions")}
            </Typography>
          )}
          {fields.map((field, index) => (
            <FileOptionField
              key={field.id}
              index={index}
              row={rows[index] ?? field}
              nameField={register(`options.${index}.name`)}
              nameError={formState.errors.options?.[index]?.name?.message}
              disabled={state.busy}
              onPick={(file) => pickFile(index, file)}
              onRemove={() => remove(index)}
            />
          ))}
        </Stack>
        <Button startIcon={<AddIcon />} onClick={addOption} disabled={state.busy} sx={{ mt: 1 }} data-testid="file-list-add-option">
          {t("fileLists.dialog.addOption")}
        </Button>
      </Box>
    </RecordFormDialog>
  );
}
