import { useCallback, useMemo } from "react";
import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ConversationFrame } from "../../../../components/conversation/ConversationFrame";
import { useConversationScroll } from "../../../../hooks/useConversationScroll";
import type { MessageView, ReplyTarget, TicketView } from "../types";
import { flattenPages } from "./messageCache";
import { MessageBubble } from "./MessageBubble";
import { DaySeparator, TicketMarker } from "./Separators";
import { buildTimeline } from "./timeline";
import { useMessages } from "./useMessages";

/** Older messages load when the list is scrolled within this distance of its top (spec 9). */
const LOAD_OLDER_PX = 50;
const isOwnMessage = (message: MessageView) => message.fromMe;

/** The conversation: pages of messages with day separators and ticket markers, kept scrolled as a chat is. */
export function MessagesList({ ticket, onReply }: { ticket: TicketView; onReply(target: ReplyTarget): void }) {
  const { t } = useTranslation();
  const query = useMessages(ticket.id);
  const { data } = query;
  const messages = useMemo(() => flattenPages(data), [data]);
  const timeline = useMemo(() => buildTimeline(messages), [messages]);

  const scroll = useConversationScroll(messages, query, isOwnMessage, LOAD_OLDER_PX);

  const showMessage = useCallback(
    (id: number) => {
      const target = scroll.scroller.current?.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
      if (!target) return;
      target.scrollIntoView({ block: "center", behavior: "smooth" });
      target.classList.add("highlighted");
      window.setTimeout(() => target.classList.remove("highlighted"), 1500);
    },
    [scroll.scroller],
  );

  return (
    <ConversationFrame
      scroll={scroll}
      query={{ ...query, hasData: Boolean(data) }}
      isEmpty={messages.length === 0}
      texts={{ loadingOlder: t("ticketView.messages.loadingOlder"), loadFailed: t("ticketView.messages.loadFailed") }}
      empty={
        <>
          <Typography variant="h6">{t("ticketView.messages.empty")}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t("ticketView.messages.emptyHint")}
          </Typography>
        </>
      }
      testIds={{ list: "messages-list", older: "messages-loading-older", loading: "messages-loading", empty: "messages-empty" }}
    >
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
    </ConversationFrame>
  );
}
