import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { Alert, Box, Button, CircularProgress, Typography } from "@mui/material";
import WavingHandOutlinedIcon from "@mui/icons-material/WavingHandOutlined";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchChatMessages, type Chat, type ChatMessagesPage } from "../../api/chats";
import { chatKeys, flattenChatMessages } from "../../api/chatCache";
import { ChatBubble } from "./ChatBubble";

/** Older messages load when the list is scrolled within this distance of its top (administration §9). */
const LOAD_OLDER_PX = 600;
const AT_BOTTOM_PX = 40;

/** A chat's messages, oldest on top, kept scrolled to the newest as a chat is; older pages come in on top. */
export function ChatMessages({ chat, userId }: { chat: Chat; userId: number }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery({
    queryKey: chatKeys.messages(chat.id),
    queryFn: ({ pageParam }): Promise<ChatMessagesPage> => fetchChatMessages(chat.id, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, lastParam) => (last.hasMore ? lastParam + 1 : undefined),
    staleTime: 0,
    meta: { silent: true },
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const messages = useMemo(() => flattenChatMessages(data), [data]);
  const memberNames = useMemo(() => chat.users.map((m) => m.user?.name ?? ""), [chat.users]);

  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastId = useRef<number | null>(null);
  const firstId = useRef<number | null>(null);
  const beforeOlder = useRef<{ height: number; top: number } | null>(null);

  const scrollToBottom = () => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  };

  const loadOlder = useCallback(() => {
    const el = scroller.current;
    if (!el || !hasNextPage || isFetchingNextPage) return;
    beforeOlder.current = { height: el.scrollHeight, top: el.scrollTop };
    void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
    if (el.scrollTop < LOAD_OLDER_PX) loadOlder();
  };

  // Older messages above: what the user was reading stays in place. A new last message: follow it
  // when the list was at the bottom or the message is the user's own.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || messages.length === 0) return;
    const first = messages[0].id;
    const last = messages[messages.length - 1];
    if (lastId.current === null) scrollToBottom();
    else if (beforeOlder.current && first !== firstId.current) {
      el.scrollTop = el.scrollHeight - beforeOlder.current.height + beforeOlder.current.top;
      beforeOlder.current = null;
    } else if (last.id !== lastId.current && (atBottom.current || last.senderId === userId)) scrollToBottom();
    firstId.current = first;
    lastId.current = last.id;
  }, [messages, userId]);

  useEffect(() => {
    if (!isFetchingNextPage) beforeOlder.current = null;
  }, [isFetchingNextPage]);

  // A first page that does not fill the list cannot be scrolled to the top: load the next one now.
  useEffect(() => {
    const el = scroller.current;
    if (el && query.isSuccess && el.scrollHeight <= el.clientHeight + LOAD_OLDER_PX && el.scrollTop < LOAD_OLDER_PX) loadOlder();
  }, [query.isSuccess, messages.length, loadOlder]);

  // Images that finish loading grow the list: stay at the bottom if we were there.
  useEffect(() => {
    const box = content.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) scrollToBottom();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      data-testid="chat-messages"
      sx={(theme) => ({ flex: 1, minHeight: 0, overflowY: "auto", py: 1, bgcolor: theme.palette.mode === "dark" ? "#0b1418" : "#efeae2" })}
    >
      <Box ref={content}>
        {isFetchingNextPage && (
          <Box sx={{ display: "flex", justifyContent: "center", alignItems: "center", gap: 1, py: 1 }} data-testid="chat-messages-older">
            <CircularProgress size={16} />
            <Typography variant="caption" color="text.secondary">
              {t("chats.messages.loadingOlder")}
            </Typography>
          </Box>
        )}
        {query.isPending && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 6 }} data-testid="chat-messages-loading">
            <CircularProgress aria-label={t("common.loading")} />
          </Box>
        )}
        {query.isError && !data && (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void query.refetch()}>{t("common.retry")}</Button>}>
            {t("chats.messages.loadFailed")}
          </Alert>
        )}
        {query.isSuccess && messages.length === 0 && (
          <Box sx={{ textAlign: "center", py: 8, px: 2 }} data-testid="chat-messages-empty">
            <WavingHandOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography variant="body1">{t("chats.messages.empty")}</Typography>
          </Box>
        )}
        {messages.map((message) => (
          <ChatBubble key={message.id} message={message} mine={message.senderId === userId} memberNames={memberNames} />
        ))}
      </Box>
    </Box>
  );
}
