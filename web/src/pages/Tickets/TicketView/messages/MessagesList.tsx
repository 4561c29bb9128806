import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from "react";
import { Alert, Box, Button, CircularProgress, Typography } from "@mui/material";
import WavingHandOutlinedIcon from "@mui/icons-material/WavingHandOutlined";
import { useTranslation } from "react-i18next";
import type { ReplyTarget, TicketView } from "../types";
import { flattenPages } from "./messageCache";
import { MessageBubble } from "./MessageBubble";
import { DaySeparator, TicketMarker } from "./Separators";
import { buildTimeline } from "./timeline";
import { useMessages } from "./useMessages";

/** Older messages load when the list is scrolled within this distance of its top (spec 9). */
const LOAD_OLDER_PX = 50;
const AT_BOTTOM_PX = 40;

/** The conversation: pages of messages with day separators and ticket markers, kept scrolled as a chat is. */
export function MessagesList({ ticket, onReply }: { ticket: TicketView; onReply(target: ReplyTarget): void }) {
  const { t } = useTranslation();
  const query = useMessages(ticket.id);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const messages = useMemo(() => flattenPages(data), [data]);
  const timeline = useMemo(() => buildTimeline(messages), [messages]);

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

  // Older messages above: keep what the user was reading in place. A new last message: follow it
  // when the list was at the bottom or the message is ours.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || messages.length === 0) return;
    const first = messages[0].id;
    const last = messages[messages.length - 1];
    if (lastId.current === null) scrollToBottom();
    else if (beforeOlder.current && first !== firstId.current) {
      el.scrollTop = el.scrollHeight - beforeOlder.current.height + beforeOlder.current.top;
      beforeOlder.current = null;
    } else if (last.id !== lastId.current && (atBottom.current || last.fromMe)) scrollToBottom();
    firstId.current = first;
    lastId.current = last.id;
  }, [messages]);

  useEffect(() => {
    if (!isFetchingNextPage) beforeOlder.current = null;
  }, [isFetchingNextPage]);

  // A first page too short to scroll cannot reach the top by scrolling: load the next one now.
  useEffect(() => {
    const el = scroller.current;
    if (el && query.isSuccess && el.scrollHeight <= el.clientHeight + LOAD_OLDER_PX) loadOlder();
  }, [query.isSuccess, messages.length, loadOlder]);

  // Media that finish loading grow the list: stay at the bottom if we were there.
  useEffect(() => {
    const box = content.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) scrollToBottom();
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const showMessage = useCallback((id: number) => {
    const target = scroller.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
    if (!target) return;
    target.scrollIntoView({ block: "center", behavior: "smooth" });
    target.classList.add("highlighted");
    window.setTimeout(() => target.classList.remove("highlighted"), 1500);
  }, []);

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      data-testid="messages-list"
      sx={(theme) => ({ flex: 1, minHeight: 0, overflowY: "auto", py: 1, bgcolor: theme.palette.mode === "dark" ? "#0b1418" : "#efeae2" })}
    >
      <Box ref={content}>
        {isFetchingNextPage && (
          <Box sx={{ display: "flex", justifyContent: "center", alignItems: "center", gap: 1, py: 1 }} data-testid="messages-loading-older">
            <CircularProgress size={16} />
            <Typography variant="caption" color="text.secondary">
              {t("ticketView.messages.loadingOlder")}
            </Typography>
          </Box>
        )}
        {query.isPending && (
          <Box sx={{ display: "flex", justifyContent: "center", py: 6 }} data-testid="messages-loading">
            <CircularProgress />
          </Box>
        )}
        {query.isError && !data && (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void query.refetch()}>{t("common.retry")}</Button>}>
            {t("ticketView.messages.loadFailed")}
          </Alert>
        )}
        {query.isSuccess && messages.length === 0 && (
          <Box sx={{ textAlign: "center", py: 8, px: 2 }} data-testid="messages-empty">
            <WavingHandOutlinedIcon color="primary" sx={{ fontSize: 48 }} />
            <Typography variant="h6">{t("ticketView.messages.empty")}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t("ticketView.messages.emptyHint")}
            </Typography>
          </Box>
        )}
        {timeline.map((item) => {
          switch (item.kind) {
            case "day":
              return <DaySeparator key={item.key} label={item.label} />;
            case "ticketEnded":
              return <TicketMarker key={item.key} kind="ended" text={t("ticketView.messages.ticketEnded", { at: item.at })} />;
            case "ticketStarted":
              return <TicketMarker key={item.key} kind="started" text={t("ticketView.messages.ticketStarted", { at: item.at })} />;
            case "message":
              return <MessageBubble key={item.key} message={item.message} showSender={ticket.isGroup} onReply={onReply} onShowMessage={showMessage} />;
          }
        })}
      </Box>
    </Box>
  );
}
