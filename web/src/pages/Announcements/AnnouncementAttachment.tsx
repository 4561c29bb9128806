import { useRef } from "react";
import { Box, Button, Chip, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import ImageOutlined from "@mui/icons-material/ImageOutlined";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { attachmentProblem } from "./announcementForm";

interface AnnouncementAttachmentProps {
  /** The image already stored, by name. */
  storedName: string | null;
  /** An image chosen now, uploaded once the announcement is saved. */
  pending: File | null;
  disabled?: boolean;
  onPick(file: File): void;
  onClearPending(): void;
  onRemoveStored(): void;
}

/** One optional image (.png, .jpg, .jpeg): the stored one (removable) or a chosen one waiting for the save. */
export function AnnouncementAttachment({ storedName, pending, disabled, onPick, onClearPending, onRemoveStored }: AnnouncementAttachmentProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const removeLabel = t("announcements.dialog.removeAttachment");
  const pick = (file: File) => {
    const problem = attachmentProblem(file);
    if (problem) toast.error(t(`announcements.dialog.${problem}`));
    else onPick(file);
  };
  return (
    <Box>
      <Typography variant="subtitle2">{t("announcements.dialog.attachment")}</Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
        {t("announcements.dialog.attachHint")}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        {(pending || storedName) && (
          <>
            <Chip
              icon={<ImageOutlined />}
              label={pending ? `${pending.name} · ${t("announcements.dialog.pendingUpload")}` : storedName}
              sx={{ maxWidth: "100%" }}
              data-testid="announcement-attachment"
              data-pending={pending ? "true" : "false"}
            />
            <Tooltip title={removeLabel}>
              <span>
                <IconButton size="small" aria-label={removeLabel} disabled={disabled} onClick={pending ? onClearPending : onRemoveStored} data-testid="announcement-attachment-remove">
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        <Button size="small" variant="outlined" startIcon={<ImageOutlined />} disabled={disabled} onClick={() => input.current?.click()} data-testid="announcement-attach">
          {t("announcements.dialog.attach")}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          data-testid="announcement-file-input"
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
