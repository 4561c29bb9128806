import { useRef, type ReactElement } from "react";
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { RecordDialogTexts } from "../../hooks/useAttachedRecordDialog";

interface AttachmentPickerProps {
  /** The attachment already stored, by name. */
  storedName: string | null;
  /** A file chosen now, uploaded once the record is saved. */
  pending: File | null;
  disabled?: boolean;
  onPick(file: File): void;
  onClearPending(): void;
  onRemoveStored(): void;
  texts: RecordDialogTexts;
  /** Starts the test ids: `{testIdPrefix}-attach`, `-attachment`, `-attachment-remove`, `-file-input`. */
  testIdPrefix: string;
  icon: ReactElement;
  /** The file input's `accept`: any file unless told. */
  accept?: string;
  /** Why a chosen file cannot be the attachment, in the user's words; null takes it. */
  refuse?(file: File): string | null;
}

/** One optional attachment: the stored one (removable) or a chosen file waiting for the save. */
export function AttachmentPicker(props: AttachmentPickerProps) {
  const { storedName, pending, disabled, texts, testIdPrefix, icon } = props;
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const removeLabel = t(`${texts}.dialog.removeAttachment`);
  const pick = (file: File) => {
    const problem = props.refuse?.(file);
    if (problem) toast.error(problem);
    else props.onPick(file);
  };
  return (
    <Box>
      <Typography variant="subtitle2">{t(`${texts}.dialog.attachment`)}</Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t(`${texts}.dialog.attachHint`)}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {(pending || storedName) && (
          <>
            <Chip
              icon={icon}
              label={pending ? `${pending.name} · ${t(`${texts}.dialog.pendingUpload`)}` : storedName}
              sx={{ maxWidth: "100%" }}
              data-testid={`${testIdPrefix}-attachment`}
              data-pending={pending ? "true" : "false"}
            />
            <Tooltip title={removeLabel}>
              <span>
                <IconButton size="small" aria-label={removeLabel} disabled={disabled} onClick={pending ? props.onClearPending : props.onRemoveStored} data-testid={`${testIdPrefix}-attachment-remove`}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        <Button size="small" variant="outlined" startIcon={icon} disabled={disabled} onClick={() => input.current?.click()} data-testid={`${testIdPrefix}-attach`}>
          {t(`${texts}.dialog.attach`)}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={props.accept}
          data-testid={`${testIdPrefix}-file-input`}
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
