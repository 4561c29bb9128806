import { useCallback, useMemo } from "react";
import { Typography } from "@mui/material";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchChatMessages, type Chat, type ChatMessage, type ChatMessagesPage } from "../../api/chats";
import { chatKeys, flattenChatMessages } from "../../api/chatCache";
import { ConversationFrame } from "../../components/conversation/ConversationFrame";
import { useConversationScroll } from "../../hooks/useConversationScroll";
import { ChatBubble } from "./ChatBubble";

/** Older messages load when the list is scrolled within this distance of its top (administration §9). */
const LOAD_OLDER_PX = 600;

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
  const { data } = query;
  const messages = useMemo(() => flattenChatMessages(data), [data]);
  const memberNames = useMemo(() => chat.users.map((m) => m.user?.name ?? ""), [chat.users]);

  const isOwn = useCallback((message: ChatMessage) => message.senderId === userId, [userId]);
  const scroll = useConversationScroll(messages, query, isOwn, LOAD_OLDER_PX);

  return (
    <ConversationFrame
      scroll={scroll}
      query={{ ...query, hasData: Boolean(data) }}
      isEmpty={messages.length === 0}
      texts={{ loadingOlder: t("chats.messages.loadingOlder"), loadFailed: t("chats.messages.loadFailed"), loading: t("common.loading") }}
      empty={<Typography variant="body1">{t("chats.messages.empty")}</Typography>}
      testIds={{ list: "chat-messages", older: "chat-messages-older", loading: "chat-messages-loading", empty: "chat-messages-empty" }}
    >
      {messages.map((message) => (
        <ChatBubble key={message.id} message={message} mine={isOwn(message)} memberNames={memberNames} />
      ))}
    </ConversationFrame>
  );
}
