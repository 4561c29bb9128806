import { useState } from "react";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from "@mui/material";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import ReplyIcon from "@mui/icons-material/Reply";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { useSessionUser } from "../../../../app/authContext";
import { deleteMessage, ticketViewKeys } from "../api";
import type { MessageView, ReplyTarget } from "../types";
import { replaceMessage, type MessagesData } from "./messageCache";

/** Reply to any message; delete the messages the user sent himself (with confirmation). A deleted message has no menu. */
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
