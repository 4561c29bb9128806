import { useEffect, useRef, useState } from "react";
import { Box, Button, ButtonBase, CircularProgress, Dialog, IconButton, Typography } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import DownloadIcon from "@mui/icons-material/Download";
import BrokenImageOutlinedIcon from "@mui/icons-material/BrokenImageOutlined";
import InsertDriveFileOutlinedIcon from "@mui/icons-material/InsertDriveFileOutlined";
import { useTranslation } from "react-i18next";
import type { MessageView } from "../types";
import { useMediaBlob, type MediaBlob } from "../../../../hooks/useMediaBlob";

const THUMB = { width: 250, height: 200 };

function Pending({ media, height }: { media: MediaBlob; height: number }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ width: THUMB.width, maxWidth: "100%", height, display: "flex", alignItems: "center", justifyContent: "center", gap: 1, bgcolor: "action.hover", borderRadius: 1 }}>
      {media.error ? <BrokenImageOutlinedIcon color="disabled" /> : <CircularProgress size={20} />}
      <Typography variant="caption" color="text.secondary">
        {media.error ? t("ticketView.media.failed") : t("ticketView.media.loading")}
      </Typography>
    </Box>
  );
}

function ImageMedia({ source, name }: { source: string; name: string }) {
  const { t } = useTranslation();
  const media = useMediaBlob(source);
  const [open, setOpen] = useState(false);
  if (!media.url) return <Pending media={media} height={THUMB.height} />;
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={t("ticketView.media.enlarge")} sx={{ borderRadius: 1, overflow: "hidden", display: "block" }} data-testid="media-image">
        <Box component="img" src={media.url} alt={name} sx={{ width: THUMB.width, maxWidth: "100%", height: THUMB.height, objectFit: "cover", display: "block" }} />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" data-testid="media-image-dialog">
        <IconButton onClick={() => setOpen(false)} aria-label={t("common.close")} sx={{ position: "absolute", right: 8, top: 8, bgcolor: "background.paper" }}>
          <CloseIcon />
        </IconButton>
        <Box component="img" src={media.url} alt={name} sx={{ maxWidth: "90vw", maxHeight: "85vh", display: "block" }} />
      </Dialog>
    </>
  );
}

function AudioMedia({ source }: { source: string }) {
  const media = useMediaBlob(source);
  if (!media.url) return <Pending media={media} height={54} />;
  return <Box component="audio" controls src={media.url} sx={{ width: 280, maxWidth: "100%", display: "block" }} data-testid="media-audio" />;
}

function VideoMedia({ source }: { source: string }) {
  const media = useMediaBlob(source);
  if (!media.url) return <Pending media={media} height={THUMB.height} />;
  return <Box component="video" controls src={media.url} sx={{ width: THUMB.width, maxWidth: "100%", height: THUMB.height, bgcolor: "#000", borderRadius: 1, display: "block" }} data-testid="media-video" />;
}

/** Other files: fetched when asked for, then saved through a link to the object URL. */
function DocumentMedia({ source, name }: { source: string; name: string }) {
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
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, p: 1, borderRadius: 1, bgcolor: "action.hover", maxWidth: 320 }} data-testid="media-document">
      <InsertDriveFileOutlinedIcon color="action" />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, wordBreak: "break-all" }}>
        {name}
      </Typography>
      {media.url ? (
        <Button size="small" href={media.url} download={name} ref={link} startIcon={<DownloadIcon />} data-testid="media-download">
          {t("ticketView.media.download")}
        </Button>
      ) : (
        <Button
          size="small"
          onClick={() => setRequested(true)}
          disabled={media.loading}
          color={media.error ? "error" : "primary"}
          startIcon={media.loading ? <CircularProgress size={14} /> : <DownloadIcon />}
          data-testid="media-download"
        >
          {media.error ? t("ticketView.media.failed") : t("ticketView.media.download")}
        </Button>
      )}
    </Box>
  );
}

/** The media of a message, by type; the file itself always comes through the authenticated client. */
export function MediaView({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const source = message.mediaUrl;
  if (!source) return null;
  const name = message.mediaName || message.body || t("ticketView.media.document");
  switch (message.mediaType) {
    case "image":
      return <ImageMedia source={source} name={name} />;
    case "audio":
      return <AudioMedia source={source} />;
    case "video":
      return <VideoMedia source={source} />;
    default:
      return <DocumentMedia source={source} name={name} />;
  }
}
