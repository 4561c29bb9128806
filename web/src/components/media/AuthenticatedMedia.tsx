import { useEffect, useRef, useState } from "react";
import { Box, Button, ButtonBase, CircularProgress, Dialog, IconButton, Typography } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import DownloadIcon from "@mui/icons-material/Download";
import BrokenImageOutlinedIcon from "@mui/icons-material/BrokenImageOutlined";
import InsertDriveFileOutlinedIcon from "@mui/icons-material/InsertDriveFileOutlined";
import { useTranslation } from "react-i18next";
import { useMediaBlob, type MediaBlob } from "../../hooks/useMediaBlob";

/** The words each screen uses for its media, from its own part of the translations. */
export interface MediaTexts {
  loading: string;
  failed: string;
  enlarge: string;
  download: string;
}

/** A placeholder of the media's size while it is fetched, or when it could not be. */
export function MediaPending({ media, width, height, texts }: { media: MediaBlob; width: number; height: number; texts: MediaTexts }) {
  return (
    <Box sx={{ width, maxWidth: "100%", height, display: "flex", alignItems: "center", justifyContent: "center", gap: 1, bgcolor: "action.hover", borderRadius: 1 }}>
      {media.error ? <BrokenImageOutlinedIcon color="disabled" /> : <CircularProgress size={20} />}
      <Typography variant="caption" color="text.secondary">
        {media.error ? texts.failed : texts.loading}
      </Typography>
    </Box>
  );
}

interface MediaImageProps {
  source: string;
  name: string;
  texts: MediaTexts;
  /** The thumbnail's box; the placeholder takes its width and pendingHeight. */
  thumb: { width: number; height?: number; maxHeight?: number };
  pendingHeight: number;
  testIdPrefix: string;
}

/** An image shown as a thumbnail that opens full size in a dialog. */
export function MediaImage({ source, name, texts, thumb, pendingHeight, testIdPrefix }: MediaImageProps) {
  const { t } = useTranslation();
  const media = useMediaBlob(source);
  const [open, setOpen] = useState(false);
  if (!media.url) return <MediaPending media={media} width={thumb.width} height={pendingHeight} texts={texts} />;
  return (
    <>
      <ButtonBase onClick={() => setOpen(true)} aria-label={texts.enlarge} sx={{ borderRadius: 1, overflow: "hidden", display: "block" }} data-testid={`${testIdPrefix}-image`}>
        <Box component="img" src={media.url} alt={name} sx={{ ...thumb, maxWidth: "100%", objectFit: "cover", display: "block" }} />
      </ButtonBase>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" data-testid={`${testIdPrefix}-image-dialog`}>
        <IconButton onClick={() => setOpen(false)} aria-label={t("common.close")} sx={{ position: "absolute", right: 8, top: 8, bgcolor: "background.paper" }}>
          <CloseIcon />
        </IconButton>
        <Box component="img" src={media.url} alt={name} sx={{ maxWidth: "90vw", maxHeight: "85vh", display: "block" }} />
      </Dialog>
    </>
  );
}

/** Any other file, as a chip: fetched when asked for, then saved through a link to the object URL. */
export function MediaDocument({ source, name, texts, maxWidth, testIdPrefix }: { source: string; name: string; texts: MediaTexts; maxWidth: number; testIdPrefix: string }) {
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
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, p: 1, borderRadius: 1, bgcolor: "action.hover", maxWidth }} data-testid={`${testIdPrefix}-document`}>
      <InsertDriveFileOutlinedIcon color="action" />
      <Typography variant="body2" sx={{ flex: 1, minWidth: 0, wordBreak: "break-all" }}>
        {name}
      </Typography>
      {media.url ? (
        <Button size="small" href={media.url} download={name} ref={link} startIcon={<DownloadIcon />} data-testid={`${testIdPrefix}-download`}>
          {texts.download}
        </Button>
      ) : (
        <Button
          size="small"
          onClick={() => setRequested(true)}
          disabled={media.loading}
          color={media.error ? "error" : "primary"}
          startIcon={media.loading ? <CircularProgress size={14} /> : <DownloadIcon />}
          data-testid={`${testIdPrefix}-download`}
        >
          {media.error ? texts.failed : texts.download}
        </Button>
      )}
    </Box>
  );
}
