import { useState, type UIEvent } from "react";
import { Alert, Stack } from "@mui/material";
import CampaignOutlined from "@mui/icons-material/CampaignOutlined";
import { useTranslation } from "react-i18next";
import { PopoverEmpty, PopoverSpinner, TopBarPopoverButton } from "../TopBarPopoverButton";
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

  const label = unseen ? `${title} · ${t("announcements.popover.unseen")}` : title;
  return (
    <TopBarPopoverButton
      title={title}
      label={label}
      icon={<CampaignOutlined />}
      badge={{ variant: "dot", color: "error", invisible: !unseen, testId: "announcements-dot" }}
      testId="announcements-button"
      anchor={anchor}
      onAnchor={setAnchor}
      onOpen={markSeen}
      boxSx={{ width: { xs: "calc(100vw - 32px)", sm: 360 }, maxWidth: 360 }}
      onScroll={onScroll}
    >
      {feed.isPending && <PopoverSpinner />}
      {feed.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {t("announcements.popover.loadFailed")}
        </Alert>
      )}
      {feed.isSuccess && records.length === 0 && <PopoverEmpty icon={<CampaignOutlined />} text={t("layout.noAnnouncements")} testId="announcements-empty-popover" />}
      {records.length > 0 && (
        <Stack component="ul" spacing={1} sx={{ m: 0, p: 1.5 }}>
          {records.map((record) => (
            <AnnouncementItem key={record.id} record={record} />
          ))}
        </Stack>
      )}
      {feed.isFetchingNextPage && <PopoverSpinner next />}
    </TopBarPopoverButton>
  );
}
