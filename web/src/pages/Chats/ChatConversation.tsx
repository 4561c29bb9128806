import { useEffect, useRef, useState } from "react";
import { Alert, Box, CircularProgress, IconButton, Paper, Stack, Tooltip, Typography } from "@mui/material";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchChat, markChatRead, type Chat } from "../../api/chats";
import { chatKeys, flattenChats, putChat, unreadsOf, type ChatListData } from "../../api/chatCache";
import { ChatComposer } from "./ChatComposer";
import { ChatMessages } from "./ChatMessages";

interface ChatConversationProps {
  /** The chat's uuid (or id) from the address. */
  chatId: string;
  userId: number;
  onEdit(chat: Chat): void;
  onDelete(chat: Chat): void;
}

/** A chat already in a loaded list, so that opening it from the list shows it at once. */
function cachedChat(client: ReturnType<typeof useQueryClient>, chatId: string): Chat | undefined {
  for (const [, data] of client.getQueriesData<ChatListData>({ queryKey: chatKeys.lists })) {
    const hit = flattenChats(data).find((c) => c.uuid === chatId || String(c.id) === chatId);
    if (hit) return hit;
  }
  return undefined;
}

/** Clears the user's unread count when the chat opens, and again for messages that arrive while it is on screen. */
function useReadWhileOpen(chat: Chat | undefined, userId: number) {
  const queryClient = useQueryClient();
  const unreads = chat ? unreadsOf(chat, userId) : 0;
  const readFor = useRef<number | null>(null);
  const [visible, setVisible] = useState(() => document.visibilityState === "visible");
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === "visible");
    document.addEventListener("visibilitychange", onChange);
    return () => document.removeEventListener("visibilitychange", onChange);
  }, []);
  const chatId = chat?.id;
  useEffect(() => {
    if (!chatId || !visible) return;
    if (readFor.current === chatId && unreads === 0) return;
    readFor.current = chatId;
    markChatRead(chatId, userId).then(
      (read) => putChat(queryClient, read),
      () => undefined, // the spec ignores a failed read: the count stays until the next one
    );
  }, [chatId, unreads, visible, userId, queryClient]);
}

/** The open chat: its title and members, the owner's edit and delete, the messages and the composer. */
export function ChatConversation({ chatId, userId, onEdit, onDelete }: ChatConversationProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: chatKeys.chat(chatId),
    queryFn: () => fetchChat(chatId),
    initialData: () => cachedChat(queryClient, chatId),
    initialDataUpdatedAt: 0,
    retry: false,
    meta: { silent: true },
  });
  const chat = query.data;
  useReadWhileOpen(chat, userId);

  if (!chat) {
    return (
      <Box sx={{ flex: 1, display: "flex", alignItems: "center", justifyContent: "center", p: 3 }}>
        {query.isError ? (
          <Alert severity="warning" data-testid="chat-not-found">
            {t("chats.notFound")}
          </Alert>
        ) : (
          <CircularProgress aria-label={t("common.loading")} data-testid="chat-loading" />
        )}
      </Box>
    );
  }

  const isOwner = chat.ownerId === userId;
  const names = chat.users.map((m) => (m.userId === userId ? t("chats.messages.you") : m.user?.name)).join(", ");
  return (
    <Box sx={{ flex: 1, minHeight: 0, display: "flex", flexDirection: "column" }} data-testid="chat-conversation" data-chat-id={chat.id}>
      <Paper square elevation={0} sx={{ borderBottom: 1, borderColor: "divider", px: 2, py: 1 }}>
        <Stack direction="row" alignItems="center" spacing={1}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" noWrap sx={{ fontWeight: 600 }} data-testid="chat-title-heading">
              {chat.title}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p" title={names}>
              {t("chats.members", { count: chat.users.length })} · {names}
            </Typography>
          </Box>
          {isOwner && (
            <>
              <Tooltip title={t("chats.edit")}>
                <IconButton onClick={() => onEdit(chat)} aria-label={t("chats.edit")} data-testid="chat-edit">
                  <EditOutlined />
                </IconButton>
              </Tooltip>
              <Tooltip title={t("chats.delete")}>
                <IconButton onClick={() => onDelete(chat)} aria-label={t("chats.delete")} color="error" data-testid="chat-delete">
                  <DeleteOutline />
                </IconButton>
              </Tooltip>
            </>
          )}
        </Stack>
      </Paper>
      <ChatMessages chat={chat} userId={userId} />
      <ChatComposer key={chat.id} chat={chat} userId={userId} />
    </Box>
  );
}
