import { Box } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { MessageView } from "../types";
import { useMediaBlob } from "../../../../hooks/useMediaBlob";
import { MediaDocument, MediaImage, MediaPending, type MediaTexts } from "../../../../components/media/AuthenticatedMedia";

const THUMB = { width: 250, height: 200 };

function AudioMedia({ source, texts }: { source: string; texts: MediaTexts }) {
  const media = useMediaBlob(source);
  if (!media.url) return <MediaPending media={media} width={THUMB.width} height={54} texts={texts} />;
  return <Box component="audio" controls src={media.url} sx={{ width: 280, maxWidth: "100%", display: "block" }} data-testid="media-audio" />;
}

function VideoMedia({ source, texts }: { source: string; texts: MediaTexts }) {
  const media = useMediaBlob(source);
  if (!media.url) return <MediaPending media={media} width={THUMB.width} height={THUMB.height} texts={texts} />;
  return <Box component="video" controls src={media.url} sx={{ width: THUMB.width, maxWidth: "100%", height: THUMB.height, bgcolor: "#000", borderRadius: 1, display: "block" }} data-testid="media-video" />;
}

/** The media of a message, by type; the file itself always comes through the authenticated client. */
export function MediaView({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const source = message.mediaUrl;
  if (!source) return null;
  const name = message.mediaName || message.body || t("ticketView.media.document");
  const texts: MediaTexts = {
    loading: t("ticketView.media.loading"),
    failed: t("ticketView.media.failed"),
    enlarge: t("ticketView.media.enlarge"),
    download: t("ticketView.media.download"),
  };
  switch (message.mediaType) {
    case "image":
      return <MediaImage source={source} name={name} texts={texts} thumb={THUMB} pendingHeight={THUMB.height} testIdPrefix="media" />;
    case "audio":
      return <AudioMedia source={source} texts={texts} />;
    case "video":
      return <VideoMedia source={source} texts={texts} />;
    default:
      return <MediaDocument source={source} name={name} texts={texts} maxWidth={320} testIdPrefix="media" />;
  }
}
