import { useEffect, useRef, useState } from "react";
import { Box, Button, ButtonBase, CircularProgress, Dialog, IconButton, Typography } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import DownloadIcon from "@mui/icons-material/Download";
import BrokenImageOutlinedIcon from "@mui/icons-material/BrokenImageOutlined";
import InsertDriveFileOutlinedIcon from "@mui/icons-material/InsertDriveFileOutlined";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../api/chats";
import { useMediaBlob } from "../../hooks/useMediaBlob";

const isImage = (message: ChatMessage) => (message.mediaType ?? "").startsWith("image") || /\.(png|jpe?g|gif|webp)$/i.test(message.mediaName ?? "");

function ChatImage({ source, name }: { source: string; name: string }) {
  const { t } = useTranslation();
  const media = useMediaBlob(source);
  const [open, setOpen] = useState(false);
  if (!media.url) {
    return (
      <Box sx={{ width: 220, maxWidth: "100%", height: 160, display: "flex", alignItems: "center", justifyContent: "center", gap: 1, bgcolor: "action.hover", borderRadius: 1 }}>
        {media.error ? <BrokenImageOutlinedIcon color="disabled" /> : <CircularProgress size={20} />}
        <Typography variant="caption" color="text.secondary">
          {media.error ? t("chats.media.failed") : t("chats.media.loading")}
        </Typography>
      </Box>
    );
  }
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={t("chats.media.enlarge")} sx={{ borderRadius: 1, overflow: "hidden", display: "block" }} data-testid="chat-media-image">
        <Box component="img" src={media.url} alt={name} sx={{ maxWidth: "100%", width: 220, maxHeight: 220, objectFit: "cover", display: "block" }} />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg">
        <IconButton onClick={() => setOpen(false)} aria-label={t("common.close")} sx={{ position: "absolute", right: 8, top: 8, bgcolor: "background.paper" }}>
          <CloseIcon />
        </IconButton>
        <Box component="img" src={media.url} alt={name} sx={{ maxWidth: "90vw", maxHeight: "85vh", display: "block" }} />
      </Dialog>
    </>
  );
}

/** A document: fetched with the token when asked for, then saved through a link to the object URL. */
function ChatDocument({ source, name }: { source: string; name: string }) {
  const { t } = useTranslation();
  const [requested, setRequested] = useState(false);
  const media = useMediaBlob(source, requested);
  const link = useRef<HTMLAnchorElement>(null);
  const saved = useRef(false);
  useEffect(() => {
    if (media.url && !saved.current) {
      saved.current = true;
      link.current?.click();
    }
  }, [media.url]);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, p: 1, borderRadius: 1, bgcolor: "action.hover", maxWidth: 300 }} data-testid="chat-media-document">
      <InsertDriveFileOutlinedIcon color="action" />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, wordBreak: "break-all" }}>
        {name}
      </Typography>
      {media.url ? (
        <Button size="small" href={media.url} download={name} ref={link} startIcon={<DownloadIcon />}>
          {t("chats.media.download")}
        </Button>
      ) : (
        <Button
          size="small"
          onClick={() => setRequested(true)}
          disabled={media.loading}
          color={media.error ? "error" : "primary"}
          startIcon={media.loading ? <CircularProgress size={14} /> : <DownloadIcon />}
          data-testid="chat-media-download"
        >
          {media.error ? t("chats.media.failed") : t("chats.media.download")}
        </Button>
      )}
    </Box>
  );
}

/** A message's attachment: images inline, other files as a download chip; read with the token, never from a public address. */
export function ChatMedia({ message }: { message: ChatMessage }) {
  const { t } = useTranslation();
  if (!message.mediaPath) return null;
  const name = message.mediaName || t("chats.media.file");
  return isImage(message) ? <ChatImage source={message.mediaPath} name={name} /> : <ChatDocument source={message.mediaPath} name={name} />;
}
