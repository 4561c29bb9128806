import { useEffect, useMemo, useState } from "react";
import { Avatar, Box, List, ListItemAvatar, ListItemButton, ListItemText } from "@mui/material";
import NotificationsNoneOutlined from "@mui/icons-material/NotificationsNoneOutlined";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { useTicketList } from "../../../hooks/useTicketList";
import { useSessionUser } from "../../../app/authContext";
import { oneLinePreview } from "../../whatsappText/whatsappFormat";
import { PopoverEmpty, TopBarPopoverButton } from "../TopBarPopoverButton";
import { setFaviconBadge } from "./faviconBadge";
import { isNotification, NOTIFICATION_FILTERS, seesPendingTickets } from "./notificationRules";
import { setTabTitleCount } from "./tabTitle";
import { useNewMessageAlerts } from "./useNewMessageAlerts";
import { useSlaAlerts } from "./useSlaAlerts";
import { useAssignedTicketAlerts } from "./useAssignedTicketAlerts";

/** More than this many pages of unread tickets would only be shown as 99 anyway. */
const MAX_PAGES = 3;

/** The bell: tickets waiting for the user, a popover list of them, sound and system alerts, favicon badge and tab title. */
export function NotificationsButton() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const seesPending = seesPendingTickets(user);
  const list = useTicketList({ ...NOTIFICATION_FILTERS });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const pages = list.data?.pages.length ?? 0;
  const items = useMemo(() => list.tickets.filter((ticket) => isNotification(ticket, user.id, seesPending)), [list.tickets, user.id, seesPending]);
  const count = items.length;

  useNewMessageAlerts(user.id, seesPending);
  useSlaAlerts();
  useAssignedTicketAlerts();

  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && pages < MAX_PAGES) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, pages, fetchNextPage]);

  useEffect(() => {
    void setFaviconBadge(count);
    setTabTitleCount(count);
  }, [count]);
  useEffect(
    () => () => {
      void setFaviconBadge(0);
      setTabTitleCount(0);
    },
    [],
  );

  const title = t("notifications.title");
  return (
    <TopBarPopoverButton
      title={title}
      label={title}
      icon={<NotificationsNoneOutlined />}
      badge={{ badgeContent: count, color: "error", max: 99, testId: "notifications-count" }}
      testId="notifications-button"
      count={count}
      anchor={anchor}
      onAnchor={setAnchor}
      boxSx={{ width: 340, maxWidth: "90vw" }}
    >
      {items.length === 0 ? (
        <PopoverEmpty icon={<NotificationsNoneOutlined />} text={list.isError ? t("ticketManager.loadFailed") : list.isPending ? t("common.loading") : t("notifications.empty")} />
      ) : (
        <List dense disablePadding>
          {items.map((ticket) => (
            <ListItemButton
              key={ticket.id}
              divider
              data-testid={`notification-item-${ticket.id}`}
              onClick={() => {
                setAnchor(null);
                navigate(`/tickets/${ticket.uuid}`);
              }}
            >
              <ListItemAvatar sx={{ minWidth: 44 }}>
                <Avatar src={ticket.contact?.urlPicture || ticket.contact?.profilePicUrl || undefined} sx={{ width: 32, height: 32 }}>
                  {(ticket.contact?.name ?? "").slice(0, 1).toUpperCase()}
                </Avatar>
              </ListItemAvatar>
              <ListItemText primary={ticket.contact?.name} secondary={oneLinePreview(ticket.lastMessage)} slotProps={{ primary: { noWrap: true, variant: "body2", fontWeight: 600 }, secondary: { noWrap: true } }} />
              <Box component="span" sx={{ ml: 1, px: 0.75, borderRadius: 10, bgcolor: "success.main", color: "common.white", fontSize: 12, lineHeight: "20px", minWidth: 20, textAlign: "center" }}>
                {ticket.unreadMessages}
              </Box>
            </ListItemButton>
          ))}
        </List>
      )}
    </TopBarPopoverButton>
  );
}
