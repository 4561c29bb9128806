import { useState, type UIEvent } from "react";
import { Alert, Box, List, ListItemButton, ListItemText } from "@mui/material";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { useTranslation } from "react-i18next";
import { unreadsOf } from "../../../api/chatCache";
import { useCompanyPlan } from "../../../api/hooks";
import { useSessionUser } from "../../../app/authContext";
import { useChatList } from "../../../hooks/useChatList";
import { PopoverEmpty, PopoverSpinner, TopBarPopoverButton } from "../TopBarPopoverButton";

/** The next page loads within 100 px of the bottom (core-workspace §9). */
const LOAD_MORE_WITHIN_PX = 100;

/**
 * The top bar's internal chats: the count of chats with unread messages, and a popover (up to 300 px
 * tall) listing the chats with each one's unread count. Choosing one loads /chats/:uuid afresh, as the spec says.
 */
function ChatsPopoverButton() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const list = useChatList();
  const { chats, hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const unreadCount = chats.filter((chat) => unreadsOf(chat, me.id) > 0).length;
  const title = t("layout.chats");
  const label = unreadCount > 0 ? `${title} · ${t("chats.popover.unreadChats", { count: unreadCount })}` : title;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (hasNextPage && !isFetchingNextPage && el.scrollHeight - (el.scrollTop + el.clientHeight) < LOAD_MORE_WITHIN_PX) void fetchNextPage();
  };

  return (
    <TopBarPopoverButton
      title={title}
      label={label}
      icon={<ForumOutlined />}
      badge={{ badgeContent: unreadCount, color: "error", max: 99, testId: "chats-count" }}
      testId="chats-button"
      count={unreadCount}
      anchor={anchor}
      onAnchor={setAnchor}
      boxSx={{ width: { xs: "calc(100vw - 32px)", sm: 340 }, maxWidth: 340 }}
      onScroll={onScroll}
    >
      {list.isPending && <PopoverSpinner />}
      {list.isError && !list.data && (
        <Alert severity="error" sx={{ m: 2 }}>
          {t("chats.loadFailed")}
        </Alert>
      )}
      {list.isSuccess && chats.length === 0 && <PopoverEmpty icon={<ForumOutlined />} text={t("layout.noChats")} testId="chats-popover-empty" />}
      <List dense disablePadding>
        {chats.map((chat) => {
          const unreads = unreadsOf(chat, me.id);
          return (
            <ListItemButton
              key={chat.id}
              divider
              component="a"
              href={`/chats/${chat.uuid}`}
              onClick={(event) => {
                event.preventDefault();
                window.location.href = `/chats/${chat.uuid}`;
              }}
              data-testid={`chats-popover-item-${chat.id}`}
              data-unreads={unreads}
            >
              <ListItemText
                primary={chat.title}
                secondary={chat.lastMessage || t("chats.noMessagesYet")}
                slotProps={{ primary: { noWrap: true, variant: "body2", fontWeight: unreads > 0 ? 700 : 500 }, secondary: { noWrap: true } }}
              />
              {unreads > 0 && (
                <Box
                  component="span"
                  aria-label={t("chats.unread", { count: unreads })}
                  sx={{ ml: 1, px: 0.75, borderRadius: 10, bgcolor: "success.main", color: "common.white", fontSize: 12, lineHeight: "20px", minWidth: 20, textAlign: "center" }}
                >
                  {unreads}
                </Box>
              )}
            </ListItemButton>
          );
        })}
      </List>
      {isFetchingNextPage && <PopoverSpinner next />}
    </TopBarPopoverButton>
  );
}

/** Shown while the company's plan has the internal chat on (useInternalChat). */
export function ChatsButton() {
  const me = useSessionUser();
  const { data } = useCompanyPlan(me.companyId);
  return data?.plan?.useInternalChat ? <ChatsPopoverButton /> : null;
}
