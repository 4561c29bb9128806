import { useEffect, useState } from "react";
import { Box, Paper, Stack, Tab, Tabs, Typography, useMediaQuery, useTheme } from "@mui/material";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router-dom";
import { toast } from "react-toastify";
import { deleteChat, type Chat } from "../../api/chats";
import { dropChat } from "../../api/chatCache";
import { useSessionUser } from "../../app/authContext";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ChatConversation } from "./ChatConversation";
import { ChatDialog } from "./ChatDialog";
import { ChatList } from "./ChatList";

/** The page fills the screen under the top bar (56 px on phones, 64 px above). */
const pageHeight = { xs: "calc(100dvh - 56px)", sm: "calc(100dvh - 64px)" };

type MobileTab = "chats" | "messages";

/** /chats and /chats/:uuid — the list beside the conversation; on narrow screens the tabs 'Chats' and 'Mensagens'. */
export function ChatsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("md"));
  const me = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id = null } = useParams();
  const [mobileTab, setMobileTab] = useState<MobileTab>(id ? "messages" : "chats");
  const [dialog, setDialog] = useState<{ open: boolean; chat: Chat | null }>({ open: false, chat: null });
  const [toDelete, setToDelete] = useState<Chat | null>(null);

  useEffect(() => {
    setMobileTab(id ? "messages" : "chats");
  }, [id]);

  const remove = useMutation({
    mutationFn: (chat: Chat) => deleteChat(chat.id),
    meta: { silent: true },
    onSuccess: (_, chat) => {
      dropChat(queryClient, chat.id);
      toast.success(t("chats.deleted"));
      navigate("/chats");
    },
  });

  const open = (chat: Chat) => {
    navigate(`/chats/${chat.uuid}`);
    setMobileTab("messages");
  };

  const list = <ChatList selectedId={id} onSelect={open} onAdd={() => setDialog({ open: true, chat: null })} />;
  const conversation = id ? (
    <ChatConversation key={id} chatId={id} userId={me.id} onEdit={(chat) => setDialog({ open: true, chat })} onDelete={setToDelete} />
  ) : (
    <Stack alignItems="center" justifyContent="center" spacing={1} sx={{ flex: 1, p: 3, color: "text.secondary", textAlign: "center" }} data-testid="chat-none-selected">
      <ForumOutlined sx={{ fontSize: 56 }} />
      <Typography variant="body1">{t("chats.select")}</Typography>
    </Stack>
  );

  const dialogs = (
    <>
      <ChatDialog
        open={dialog.open}
        chat={dialog.chat}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
        onSaved={(saved) => {
          setDialog((d) => ({ ...d, open: false }));
          if (!dialog.chat) open(saved);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t("chats.delete")}
        message={t("chats.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </>
  );

  // One tree for both layouts, so that resizing keeps the list and the open chat mounted.
  const pane = (tab: MobileTab) => (narrow ? { flex: 1, minHeight: 0, display: mobileTab === tab ? "flex" : "none", flexDirection: "column" } : {});
  return (
    <Box sx={{ height: pageHeight, display: "flex", flexDirection: narrow ? "column" : "row" }} data-testid="chats-page" data-layout={narrow ? "tabs" : "split"}>
      {narrow && (
        <Paper square elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
          <Tabs value={mobileTab} onChange={(_, next: MobileTab) => setMobileTab(next)} variant="fullWidth">
            <Tab value="chats" icon={<ForumOutlined fontSize="small" />} iconPosition="start" label={t("chats.tabs.chats")} data-testid="chats-tab-chats" sx={{ minHeight: 48 }} />
            <Tab value="messages" icon={<ChatOutlined fontSize="small" />} iconPosition="start" label={t("chats.tabs.messages")} data-testid="chats-tab-messages" sx={{ minHeight: 48 }} />
          </Tabs>
        </Paper>
      )}
      <Box sx={narrow ? pane("chats") : { width: { md: "36%", lg: "30%" }, minWidth: 320, maxWidth: 460, flexShrink: 0, borderRight: 1, borderColor: "divider", display: "flex", flexDirection: "column" }}>{list}</Box>
      <Box sx={narrow ? pane("messages") : { flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>{conversation}</Box>
      {dialogs}
    </Box>
  );
}
