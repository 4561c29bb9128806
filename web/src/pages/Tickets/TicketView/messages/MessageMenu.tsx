import { useState } from "react";
import { Box, IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import ReplyIcon from "@mui/icons-material/Reply";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import RemoveCircleOutlineIcon from "@mui/icons-material/RemoveCircleOutline";
import { toast } from "react-toastify";
import { REACTION_EMOJIS } from "@balcao/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { useSessionUser } from "../../../../app/authContext";
import { deleteMessage, reactToMessage, ticketViewKeys } from "../api";
import type { MessageView, ReplyTarget } from "../types";
import { replaceMessage, type MessagesData } from "./messageCache";

/**
 * React to a message (or take one's reaction back), reply to any message; delete the messages the
 * user sent himself (with confirmation). A deleted message has no menu.
 */
export function MessageMenu({ message, onReply }: { message: MessageView; onReply(target: ReplyTarget): void }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const own = message.fromMe && message.userId === me.id;
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);

  const remove = useMutation({
    mutationFn: () => deleteMessage(message.id),
    onSuccess: () => queryClient.setQueryData<MessagesData>(ticketViewKeys.messages(message.ticketId), (data) => replaceMessage(data, { ...message, isDeleted: true })),
  });

  const mine = message.reactions.find((r) => r.by === "user" && r.userId === me.id);
  // a message not yet accepted by the channel, or a call, takes no reaction
  const reactable = (message.sendStatus === null || message.sendStatus === "sent") && message.mediaType !== "call_log";
  const react = useMutation({
    mutationFn: (emoji: string) => reactToMessage(message.id, emoji),
    onSuccess: (view) => queryClient.setQueryData<MessagesData>(ticketViewKeys.messages(message.ticketId), (data) => replaceMessage(data, view)),
    onError: () => toast.error(t("ticketView.messages.reactionFailed")),
  });
  const choose = (emoji: string) => {
    setAnchor(null);
    react.mutate(emoji);
  };

  return (
    <>
      <IconButton
        size="small"
        disabled={message.isDeleted || remove.isPending}
        aria-label={t("ticketView.messages.menu")}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid={`message-menu-${message.id}`}
        sx={{ position: "absolute", top: 0, right: 0, p: 0.25, opacity: 0.6, "&:hover": { opacity: 1 } }}
      >
        <ExpandMoreIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {reactable && (
          <Box sx={{ display: "flex", gap: 0.25, px: 1, pb: 0.5 }} data-testid="message-reactions-picker">
            {REACTION_EMOJIS.map((emoji) => (
              <IconButton
                key={emoji}
                size="small"
                aria-label={t("ticketView.messages.react", { emoji })}
                aria-pressed={mine?.emoji === emoji}
                data-testid={`message-react-${emoji}`}
                disabled={react.isPending}
                onClick={() => choose(mine?.emoji === emoji ? "" : emoji)}
                sx={{ fontSize: 20, width: 36, height: 36, bgcolor: mine?.emoji === emoji ? "action.selected" : undefined }}
              >
                {emoji}
              </IconButton>
            ))}
          </Box>
        )}
        {reactable && mine && (
          <MenuItem data-testid="message-unreact" onClick={() => choose("")}>
            <ListItemIcon>
              <RemoveCircleOutlineIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("ticketView.messages.removeReaction")}</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          data-testid="message-reply"
          onClick={() => {
            setAnchor(null);
            onReply({ id: message.id, body: message.body, fromMe: message.fromMe, mediaType: message.mediaType, contact: message.contact });
          }}
        >
          <ListItemIcon>
            <ReplyIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("ticketView.messages.reply")}</ListItemText>
        </MenuItem>
        {own && (
          <MenuItem
            data-testid="message-delete"
            onClick={() => {
              setAnchor(null);
              setConfirming(true);
            }}
          >
            <ListItemIcon>
              <DeleteOutlineIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{t("ticketView.messages.delete")}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <ConfirmDialog
        open={confirming}
        title={t("ticketView.messages.deleteTitle")}
        message={t("ticketView.messages.deleteText")}
        confirmLabel={t("ticketView.messages.delete")}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
