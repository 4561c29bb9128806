import { useEffect, useMemo } from "react";
import { Box, IconButton, Paper, Tooltip, Typography } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import InsertDriveFileOutlinedIcon from "@mui/icons-material/InsertDriveFileOutlined";
import { useTranslation } from "react-i18next";
import { oneLinePreview } from "../../../../components/whatsappText/whatsappFormat";
import { useQuotedText } from "../messages/QuotedBlock";
import type { ReplyTarget } from "../types";
import { safeFileName } from "../api";

/** The message being answered, above the input, with a button to drop it. */
export function ReplyPreview({ target, onCancel }: { target: ReplyTarget; onCancel(): void }) {
  const { t } = useTranslation();
  const { author, text } = useQuotedText(target);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, pt: 1 }} data-testid="composer-reply-preview">
      <Box sx={{ flex: 1, minWidth: 0, borderLeft: 4, borderColor: target.fromMe ? "primary.main" : "secondary.main", bgcolor: "action.hover", borderRadius: 1, px: 1, py: 0.5 }}>
        <Typography variant="caption" sx={{ fontWeight: 600 }}>
          {t("ticketView.composer.replyingTo", { name: author })}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap>
          {oneLinePreview(text)}
        </Typography>
      </Box>
      <IconButton size="small" aria-label={t("ticketView.composer.cancelReply")} onClick={onCancel} data-testid="composer-reply-cancel">
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function FileThumb({ file }: { file: File }) {
  const url = useMemo(() => (file.type.startsWith("image/") ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return (
    <Paper variant="outlined" sx={{ width: 96, p: 0.5, textAlign: "center" }} data-testid="composer-file">
      {url ? <Box component="img" src={url} alt={file.name} sx={{ width: "100%", height: 64, objectFit: "cover", borderRadius: 0.5 }} /> : <InsertDriveFileOutlinedIcon color="action" sx={{ fontSize: 48, my: 1 }} />}
      <Typography variant="caption" noWrap component="div" title={safeFileName(file.name)}>
        {safeFileName(file.name)}
      </Typography>
    </Paper>
  );
}

/** Files chosen for sending: a preview of each and a button to give up. */
export function AttachmentPreview({ files, onCancel }: { files: File[]; onCancel(): void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ px: 1.5, pt: 1 }} data-testid="composer-attachments">
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
        <Typography variant="caption" color="text.secondary">
          {t("ticketView.composer.files", { count: files.length })}
        </Typography>
        <Tooltip title={t("ticketView.composer.cancelFiles")}>
          <IconButton size="small" aria-label={t("ticketView.composer.cancelFiles")} onClick={onCancel} data-testid="composer-attach-cancel">
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box sx={{ display: "flex", gap: 1, overflowX: "auto", pb: 0.5 }}>
        {files.map((file, index) => (
          <FileThumb key={`${file.name}-${index}`} file={file} />
        ))}
      </Box>
    </Box>
  );
}
