import { useState, type UIEvent } from "react";
import { Alert, Badge, Box, Button, CircularProgress, InputAdornment, List, ListItemButton, ListItemText, Stack, TextField, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import SearchIcon from "@mui/icons-material/Search";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import { useTranslation } from "react-i18next";
import { unreadsOf } from "../../api/chatCache";
import type { Chat } from "../../api/chats";
import { useSessionUser } from "../../app/authContext";
import { useChatList } from "../../hooks/useChatList";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { formatChatTime } from "./chatTime";

/** The next page loads within this distance of the list's bottom. */
const LOAD_MORE_PX = 100;
/** Searches wait for the typing to pause (core-workspace §9). */
const SEARCH_DEBOUNCE_MS = 500;

interface ChatListProps {
  selectedId: string | null;
  onSelect(chat: Chat): void;
  onAdd(): void;
}

/** The user's chats: title, last message, time and the user's unread count; search and "new chat". */
export function ChatList({ selectedId, onSelect, onAdd }: ChatListProps) {
  const { t, i18n } = useTranslation();
  const me = useSessionUser();
  const [search, setSearch] = useState("");
  const searchParam = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useChatList(searchParam);
  const { chats, hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (hasNextPage && !isFetchingNextPage && el.scrollHeight - el.scrollTop - el.clientHeight < LOAD_MORE_PX) void fetchNextPage();
  };

  return (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%", minHeight: 0 }} data-testid="chat-list">
      <Stack spacing={1.5} sx={{ p: 1.5, borderBottom: 1, borderColor: "divider" }}>
        <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
          <Typography variant="h6" component="h1" noWrap sx={{ fontSize: 18 }}>
            {t("chats.title")}
          </Typography>
          <Button variant="contained" size="small" onClick={onAdd} startIcon={<AddIcon />} sx={{ flexShrink: 0, whiteSpace: "nowrap" }} data-testid="chat-add">
            {t("chats.add")}
          </Button>
        </Stack>
        <TextField
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t("chats.searchPlaceholder")}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { "aria-label": t("chats.searchPlaceholder"), "data-testid": "chat-search" },
          }}
        />
      </Stack>
      <Box sx={{ flex: 1, minHeight: 0, overflowY: "auto" }} onScroll={onScroll}>
        {list.isPending && (
          <Stack alignItems="center" sx={{ p: 4 }} data-testid="chat-list-loading">
            <CircularProgress size={28} aria-label={t("common.loading")} />
          </Stack>
        )}
        {list.isError && !list.data && (
          <Alert severity="error" sx={{ m: 2 }} action={<Button onClick={() => void list.refetch()}>{t("common.retry")}</Button>}>
            {t("chats.loadFailed")}
          </Alert>
        )}
        {list.isSuccess && chats.length === 0 && (
          <Stack alignItems="center" spacing={1} sx={{ p: 4, color: "text.secondary", textAlign: "center" }} data-testid="chat-list-empty">
            <ForumOutlined fontSize="large" />
            <Typography variant="body2">{searchParam ? t("chats.noMatch") : t("chats.empty")}</Typography>
          </Stack>
        )}
        <List disablePadding>
          {chats.map((chat) => {
            const unreads = unreadsOf(chat, me.id);
            const selected = selectedId === chat.uuid || selectedId === String(chat.id);
            return (
              <ListItemButton key={chat.id} divider selected={selected} onClick={() => onSelect(chat)} data-testid={`chat-item-${chat.id}`} data-unreads={unreads}>
                <ListItemText primary={chat.title} secondary={chat.lastMessage || t("chats.noMessagesYet")} slotProps={{ primary: { noWrap: true, fontWeight: unreads > 0 ? 700 : 500 }, secondary: { noWrap: true } }} />
                <Stack alignItems="flex-end" spacing={0.5} sx={{ ml: 1, flexShrink: 0 }}>
                  <Typography variant="caption" color="text.secondary">
                    {formatChatTime(chat.updatedAt, i18n.language)}
                  </Typography>
                  <Badge
                    badgeContent={unreads}
                    color="success"
                    max={99}
                    sx={{ "& .MuiBadge-badge": { position: "static", transform: "none" } }}
                    slotProps={{ badge: { "aria-label": t("chats.unread", { count: unreads }), "data-testid": `chat-unread-${chat.id}` } as object }}
                  />
                </Stack>
              </ListItemButton>
            );
          })}
        </List>
        {isFetchingNextPage && (
          <Stack alignItems="center" sx={{ py: 1.5 }}>
            <CircularProgress size={18} aria-label={t("common.loading")} />
          </Stack>
        )}
      </Box>
    </Box>
  );
}
