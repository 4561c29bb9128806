import { useRef } from "react";
import { Box, Button, Chip, Typography } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { isScheduleMediaName, SCHEDULE_MEDIA_EXTENSIONS } from "@balcao/common";

interface ScheduleMediaFieldProps {
  /** The attached (or chosen, not yet sent) image's name. */
  name: string | null;
  disabled?: boolean;
  removing?: boolean;
  onPick(file: File): void;
  onRemove(): void;
}

/** One optional image (.png, .jpg, .jpeg) sent with the message. */
export function ScheduleMediaField({ name, disabled, removing, onPick, onRemove }: ScheduleMediaFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);

  if (name) {
    return (
      <Box>
        <Chip
          icon={<AttachFileIcon />}
          label={name}
          onDelete={disabled || removing ? undefined : onRemove}
          data-testid="schedule-media-name"
          deleteIcon={<DeleteOutlineIcon titleAccess={t("scheduledMessages.dialog.removeMedia")} data-testid="schedule-media-remove" />}
        />
      </Box>
    );
  }
  if (disabled) return null;
  return (
    <Box>
      <input
        ref={input}
        type="file"
        hidden
        accept={SCHEDULE_MEDIA_EXTENSIONS.join(",")}
        data-testid="schedule-media-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (!file) return;
          if (!isScheduleMediaName(file.name)) toast.error(t("scheduledMessages.dialog.invalidFile"));
          else onPick(file);
        }}
      />
      <Button size="small" startIcon={<AttachFileIcon />} onClick={() => input.current?.click()} data-testid="schedule-media-attach">
        {t("scheduledMessages.dialog.attach")}
      </Button>
      <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
        {t("scheduledMessages.dialog.mediaHint")}
      </Typography>
    </Box>
  );
}
