import { useEffect, useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useMatch, useNavigate } from "react-router-dom";
import { chatUserEvent, companyEvent, SERVER_EVENTS } from "@balcao/common";
import { type ChatEvent } from "../api/chats";
import { chatKeys, addChatMessage, dropChat, isMember, putChat, type ChatMessagesData } from "../api/chatCache";
import { useAuth } from "../app/authContext";
import { playAlertSound } from "../components/layout/notifications/alertSound";
import { showSystemNotification } from "../components/layout/notifications/browserNotification";
import { chatAlertFor, isOpenChat } from "./chatAlerts";
import { useSocket } from "./socketContext";

/**
 * Keeps the chat caches (lists, each chat, its messages) in step with the company chat event and the
 * user's own chat channel, and alerts the user to a new message in a chat not on screen.
 */
export function ChatEvents() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const userId = user?.id ?? 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { socket, companyId } = useSocket();
  const openChatId = useMatch("/chats/:id")?.params.id ?? null;
  const openRef = useRef(openChatId);
  openRef.current = openChatId;
  const alerted = useRef(new Set<number>());

  useEffect(() => {
    if (!socket || !companyId || !userId) return;

    const apply = (event: ChatEvent) => {
      if (event.action === "delete") {
        const chatId = Number(event.chatId);
        const open = openRef.current;
        const wasOpen = open !== null && queryClient.getQueryData<{ id: number }>(chatKeys.chat(open))?.id === chatId;
        dropChat(queryClient, chatId);
        if (wasOpen || open === String(chatId)) navigate("/chats");
        return;
      }
      const chat = event.chat;
      if (!chat) return;
      // an update that no longer lists the user: the user was taken out of the chat
      if (!isMember(chat, userId)) {
        dropChat(queryClient, chat.id);
        if (isOpenChat(chat, openRef.current)) navigate("/chats");
        return;
      }
      putChat(queryClient, chat, { revive: true });
      if (event.action === "new-message" && event.newMessage) {
        queryClient.setQueryData<ChatMessagesData>(chatKeys.messages(chat.id), (data) => addChatMessage(data, event.newMessage));
      }
    };

    const onUserEvent = (event: ChatEvent) => {
      apply(event);
      const alert = chatAlertFor(event, { userId, openChatId: openRef.current, pageHidden: document.visibilityState === "hidden" });
      if (!alert || alerted.current.has(alert.message.id)) return;
      alerted.current.add(alert.message.id);
      const name = alert.message.sender?.name ?? "";
      showSystemNotification(
        {
          title: t(alert.mentioned ? "chats.alert.mentioned" : "chats.alert.newMessage", { name, title: alert.chat.title }),
          body: alert.message.message.trim() || t("chats.alert.attachment"),
          tag: `chat-${alert.chat.id}`,
          onClick: () => navigate(`/chats/${alert.chat.uuid}`),
        },
        t("notifications.unsupported"),
      );
      playAlertSound();
    };

    // events missed while the socket was away: read the chats again after a reconnection
    let connections = 0;
    const onReady = () => {
      connections += 1;
      if (connections > 1) void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    };

    const companyName = companyEvent(companyId, "chat");
    const userName = chatUserEvent(companyId, userId);
    socket.on(companyName, apply);
    socket.on(userName, onUserEvent);
    socket.on(SERVER_EVENTS.ready, onReady);
    return () => {
      socket.off(companyName, apply);
      socket.off(userName, onUserEvent);
      socket.off(SERVER_EVENTS.ready, onReady);
    };
  }, [socket, companyId, userId, queryClient, navigate, t]);

  return null;
}
