import { useState, type UIEvent } from "react";
import { Alert, Badge, Box, CircularProgress, IconButton, Popover, Stack, Tooltip, Typography } from "@mui/material";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import { useTranslation } from "react-i18next";
import { AnnouncementItem } from "./AnnouncementItem";
import { useAnnouncementsFeed } from "./useAnnouncementsFeed";

/** The next page loads within 100 px of the bottom (core-workspace §9). */
const LOAD_MORE_WITHIN_PX = 100;

/** The top bar's announcements: a dot while something is new to this user, cleared once the popover opens. */
export function AnnouncementsButton() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = Boolean(anchor);
  const { feed, records, unseen, markSeen } = useAnnouncementsFeed(open);
  const title = t("layout.announcements");

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (!feed.hasNextPage || feed.isFetchingNextPage) return;
    if (el.scrollHeight - (el.scrollTop + el.clientHeight) < LOAD_MORE_WITHIN_PX) void feed.fetchNextPage();
  };

  return (
    <>
      <Tooltip title={unseen ? `${title} · ${t("announcements.popover.unseen")}` : title}>
        <IconButton
          color="inherit"
          onClick={(event) => {
            setAnchor(event.currentTarget);
            markSeen();
          }}
          aria-label={unseen ? `${title} · ${t("announcements.popover.unseen")}` : title}
          data-testid="announcements-button"
        >
          <Badge variant="dot" color="error" invisible={!unseen} slotProps={{ badge: { "data-testid": "announcements-dot" } as object }}>
            <CampaignOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Box sx={{ width: { xs: "calc(100vw - 32px)", sm: 360 }, maxWidth: 360, maxHeight: 300, overflowY: "auto" }} onScroll={onScroll} data-testid="announcements-button-popover">
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
            {title}
          </Typography>
          {feed.isPending && (
            <Stack alignItems="center" sx={{ p: 3 }}>
              <CircularProgress size={24} aria-label={t("common.loading")} />
            </Stack>
          )}
          {feed.isError && <Alert severity="error" sx={{ m: 2 }}>{t("announcements.popover.loadFailed")}</Alert>}
          {feed.isSuccess && records.length === 0 && (
            <Stack alignItems="center" spacing={1} sx={{ p: 3, color: "text.secondary" }} data-testid="announcements-empty-popover">
              <CampaignOutlined />
              <Typography variant="body2" textAlign="center">
                {t("layout.noAnnouncements")}
              </Typography>
            </Stack>
          )}
          {records.length > 0 && (
            <Stack component="ul" spacing={1} sx={{ m: 0, p: 1.5 }}>
              {records.map((record) => (
                <AnnouncementItem key={record.id} record={record} />
              ))}
            </Stack>
          )}
          {feed.isFetchingNextPage && (
            <Stack alignItems="center" sx={{ pb: 1.5 }}>
              <CircularProgress size={18} aria-label={t("common.loading")} />
            </Stack>
          )}
        </Box>
      </Popover>
    </>
  );
}
