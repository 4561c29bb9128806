import { useRef } from "react";
import { Box, Button, Chip, IconButton, Stack, TextField, Tooltip } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { FILE_LIST_MEDIA_EXTENSIONS } from "@balcao/common";
import type { UseFormRegisterReturn } from "react-hook-form";
import { toastError } from "../../api/errors";
import { downloadOptionFile } from "./fileListsApi";
import { fileListErrorText, refuseOptionFile, type FileOptionRow } from "./fileListForm";

interface FileOptionFieldProps {
  index: number;
  row: FileOptionRow;
  nameField: UseFormRegisterReturn;
  nameError?: string;
  disabled: boolean;
  onPick(file: File): void;
  onRemove(): void;
}

const ACCEPT = FILE_LIST_MEDIA_EXTENSIONS.join(",");

/** One option of the list: its name, its file (stored, or chosen now and sent on save) and its removal. */
export function FileOptionField({ index, row, nameField, nameError, disabled, onPick, onRemove }: FileOptionFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const removeLabel = row.name.trim() ? t("fileLists.dialog.removeOption", { name: row.name }) : t("fileLists.dialog.removeOptionUnnamed");
  const pick = (file: File) => {
    const problem = refuseOptionFile(file);
    if (problem) toast.error(problem);
    else onPick(file);
  };
  const stored = row.stored;
  return (
    <Box sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 1.5 }} data-testid={`file-option-${index}`}>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          label={t("fileLists.dialog.optionName")}
          size="small"
          required
          fullWidth
          {...nameField}
          error={!!nameError}
          helperText={fileListErrorText(nameError)}
          // a name set from the chosen file reaches the input without a keystroke: its label moves up all the same
          slotProps={{ htmlInput: { "data-testid": `file-option-name-${index}`, maxLength: 200 }, inputLabel: row.name ? { shrink: true } : undefined }}
        />
        <Tooltip title={removeLabel}>
          <span>
            <IconButton aria-label={removeLabel} disabled={disabled} onClick={onRemove} data-testid={`file-option-remove-${index}`}>
              <DeleteOutlineIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mt: 1 }}>
        {row.file ? (
          <Chip
            icon={<AttachFileIcon />}
            color="primary"
            variant="outlined"
            label={`${row.file.name} · ${t("fileLists.dialog.pendingUpload")}`}
            sx={{ maxWidth: "100%" }}
            data-testid={`file-option-file-${index}`}
            data-pending="true"
          />
        ) : stored ? (
          <Chip
            icon={<AttachFileIcon />}
            label={stored.mediaName}
            sx={{ maxWidth: "100%" }}
            onClick={() => downloadOptionFile(stored).catch(toastError)}
            aria-label={t("fileLists.dialog.download", { name: stored.mediaName })}
            data-testid={`file-option-file-${index}`}
            data-pending="false"
          />
        ) : (
          <Chip label={t("fileLists.dialog.noFileYet")} variant="outlined" size="small" data-testid={`file-option-file-${index}`} data-pending="none" />
        )}
        <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} disabled={disabled} onClick={() => input.current?.click()} data-testid={`file-option-choose-${index}`}>
          {row.file || stored ? t("fileLists.dialog.replaceFile") : t("fileLists.dialog.chooseFile")}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={ACCEPT}
          data-testid={`file-option-input-${index}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) pick(file);
            event.target.value = "";
          }}
        />
      </Stack>
    </Box>
  );
}
