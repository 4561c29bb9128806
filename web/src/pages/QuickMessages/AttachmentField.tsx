import { useRef } from "react";
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { useTranslation } from "react-i18next";

interface AttachmentFieldProps {
  /** The attachment already stored, by name. */
  storedName: string | null;
  /** A file chosen now, uploaded once the reply is saved. */
  pending: File | null;
  disabled?: boolean;
  onPick(file: File): void;
  onClearPending(): void;
  onRemoveStored(): void;
}

/** One optional attachment: the stored one (removable) or a chosen file waiting for the save. */
export function AttachmentField({ storedName, pending, disabled, onPick, onClearPending, onRemoveStored }: AttachmentFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const removeLabel = t("quickMessages.dialog.removeAttachment");
  return (
    <Box>
      <Typography variant="subtitle2">{t("quickMessages.dialog.attachment")}</Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t("quickMessages.dialog.attachHint")}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {(pending || storedName) && (
          <>
            <Chip
              icon={<AttachFileIcon />}
              label={pending ? `${pending.name} · ${t("quickMessages.dialog.pendingUpload")}` : storedName}
              data-testid="quick-message-attachment"
              data-pending={pending ? "true" : "false"}
            />
            <Tooltip title={removeLabel}>
              <span>
                <IconButton size="small" aria-label={removeLabel} disabled={disabled} onClick={pending ? onClearPending : onRemoveStored} data-testid="quick-message-attachment-remove">
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        <Button size="small" variant="outlined" startIcon={<AttachFileIcon />} disabled={disabled} onClick={() => input.current?.click()} data-testid="quick-message-attach">
          {t("quickMessages.dialog.attach")}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="quick-message-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onPick(file);
            event.target.value = "";
          }}
        />
      </Stack>
    </Box>
  );
}
