import { useEffect, useState } from "react";
import { Box, CircularProgress, Link, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { fetchAnnouncementImage, type AnnouncementRecord } from "../../../api/announcements";
import { formatDateTime } from "../../../i18n/format";
import { PRIORITY_COLOR, PRIORITY_KEY, priorityOf } from "../../announcementPriority";

/** The image, read with the token and shown through an object URL (revoked when it goes). */
function useImageUrl(path: string | null) {
  const [state, setState] = useState<{ url: string | null; loading: boolean }>({ url: null, loading: !!path });
  useEffect(() => {
    if (!path) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    setState({ url: null, loading: true });
    fetchAnnouncementImage(path)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, loading: false });
      })
      .catch(() => !cancelled && setState({ url: null, loading: false }));
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return state;
}

/** One announcement in the popover: border by priority (1 red, 2 orange, 3 grey), text, image and date. */
export function AnnouncementItem({ record }: { record: AnnouncementRecord }) {
  const { t, i18n } = useTranslation();
  const priority = priorityOf(record.priority);
  const image = useImageUrl(record.mediaPath);
  return (
    <Box
      component="li"
      sx={{ listStyle: "none", border: 1, borderLeftWidth: 6, borderColor: PRIORITY_COLOR[priority], borderRadius: 1, p: 1.5 }}
      data-testid={`announcement-item-${record.id}`}
      data-priority={priority}
      aria-label={`${record.title} · ${t("announcements.popover.priority", { priority: t(`announcements.priorities.${PRIORITY_KEY[priority]}`) })}`}
    >
      <Typography variant="subtitle2" sx={{ wordBreak: "break-word" }}>
        {record.title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", mt: 0.5 }}>
        {record.text}
      </Typography>
      {record.mediaPath && (
        <Box sx={{ mt: 1 }}>
          {image.loading && <CircularProgress size={18} aria-label={t("common.loading")} />}
          {image.url && (
            <Link href={image.url} target="_blank" rel="noopener" aria-label={t("announcements.popover.openImage")} data-testid={`announcement-image-${record.id}`}>
              <Box component="img" src={image.url} alt={t("announcements.popover.image", { name: record.mediaName ?? "" })} sx={{ display: "block", maxWidth: "100%", maxHeight: 160, borderRadius: 1 }} />
            </Link>
          )}
        </Box>
      )}
      <Stack direction="row" justifyContent="flex-end" sx={{ mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary">
          {formatDateTime(record.createdAt, i18n.language)}
        </Typography>
      </Stack>
    </Box>
  );
}
