import { useRef } from "react";
import { Box, Button, Chip, Typography } from "@mui/material";
import AttachFile from "@mui/icons-material/AttachFile";
import { useTranslation } from "react-i18next";

interface CampaignAttachmentProps {
  /** The attachment the campaign has, unless its removal is pending. */
  savedName: string | null;
  pending: File | null;
  disabled: boolean;
  onPick(file: File): void;
  onRemove(): void;
}

/** The campaign's one attachment: picked or removed here, sent to the server after the campaign is saved. */
export function CampaignAttachment({ savedName, pending, disabled, onPick, onRemove }: CampaignAttachmentProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const shown = pending?.name ?? savedName;
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t("campaigns.dialog.attachment")}:
      </Typography>
      {shown ? (
        <Chip label={pending ? t("campaigns.dialog.attachmentPending", { name: pending.name }) : shown} onDelete={disabled ? undefined : onRemove} data-testid="campaign-attachment" sx={{ maxWidth: "100%" }} />
      ) : (
        <Button size="small" startIcon={<AttachFile />} disabled={disabled} onClick={() => input.current?.click()} data-testid="campaign-attach">
          {t("campaigns.dialog.attach")}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        data-testid="campaign-attach-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onPick(file);
          event.target.value = "";
        }}
      />
    </Box>
  );
}
