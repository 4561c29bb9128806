import { memo, useState } from "react";
import { Box, ButtonBase, Paper, Tooltip, Typography } from "@mui/material";
import BlockIcon from "@mui/icons-material/Block";
import ShortcutIcon from "@mui/icons-material/Shortcut";
import { formatTime } from "../../../../i18n/format";
import { useTranslation } from "react-i18next";
import type { MessageView, ReplyTarget } from "../types";
import { FormattedText } from "../../../../components/whatsappText/FormattedText";
import { MediaView } from "./MediaView";
import { MessageAck } from "./MessageAck";
import { MessageMenu } from "./MessageMenu";
import { QuotedBlock } from "./QuotedBlock";
import { LocationCard, MissedCall, VcardCard } from "./SpecialCards";

interface MessageBubbleProps {
  message: MessageView;
  showSender: boolean;
  onReply(target: ReplyTarget): void;
  onShowMessage(id: number): void;
}

const MEDIA = new Set(["image", "audio", "video", "application", "document"]);

function Content({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  if (message.mediaType === "locationMessage") return <LocationCard body={message.body} />;
  if (message.mediaType === "vcard") return <VcardCard body={message.body} />;
  if (message.mediaType === "call_log") return <MissedCall createdAt={message.createdAt} />;
  const hasMedia = Boolean(message.mediaUrl) && (message.mediaType === null || MEDIA.has(message.mediaType));
  // A caption is shown unless the body only repeats the file name.
  const caption = hasMedia ? (message.body && message.body !== message.mediaName ? message.body : "") : message.body;
  return (
    <>
      {hasMedia && <MediaView message={message} />}
      {hasMedia && message.mediaType === "audio" && message.transcript && (
        <Typography variant="caption" component="div" color="text.secondary" sx={{ fontStyle: "italic", whiteSpace: "pre-wrap", overflowWrap: "anywhere", mt: 0.5 }} data-testid="message-transcript">
          {t("prompts.transcript", { text: message.transcript })}
        </Typography>
      )}
      {caption && (
        <Typography variant="body2" component="div" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", mt: hasMedia ? 0.5 : 0 }}>
          <FormattedText text={caption} />
        </Typography>
      )}
    </>
  );
}

/** The reactions under a bubble: each emoji once, with how many reacted and who (in its tooltip). */
function Reactions({ message, mine }: { message: MessageView; mine: boolean }) {
  const { t } = useTranslation();
  const groups = new Map<string, string[]>();
  for (const r of message.reactions) groups.set(r.emoji, [...(groups.get(r.emoji) ?? []), r.name ?? (r.by === "contact" ? t("ticketView.messages.contact") : "")]);
  return (
    <Box
      sx={{ display: "flex", gap: 0.5, justifyContent: mine ? "flex-end" : "flex-start", mt: -0.75, mb: 0.25, px: 1, position: "relative", zIndex: 1 }}
      aria-label={t("ticketView.messages.reactions")}
      data-testid={`message-reactions-${message.id}`}
    >
      {[...groups.entries()].map(([emoji, names]) => (
        <Tooltip key={emoji} title={names.map((name) => t("ticketView.messages.reactionBy", { name, emoji })).join(" · ")}>
          <Box
            component="span"
            data-testid="message-reaction"
            data-emoji={emoji}
            data-by={message.reactions
              .filter((r) => r.emoji === emoji)
              .map((r) => r.by)
              .join(" ")}
            sx={{ display: "inline-flex", alignItems: "center", gap: 0.25, px: 0.75, borderRadius: 3, bgcolor: "background.paper", boxShadow: "0 1px 2px rgba(0,0,0,0.2)", fontSize: 14, lineHeight: "22px" }}
          >
            {emoji}
            {names.length > 1 && (
              <Typography component="span" variant="caption" color="text.secondary">
                {names.length}
              </Typography>
            )}
          </Box>
        </Tooltip>
      ))}
    </Box>
  );
}

/** "Editada", a click away from the texts the message had before (oldest first). */
function EditedMarker({ message }: { message: MessageView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = message.edits;
  if (history.length === 0) {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ fontStyle: "italic" }} data-testid="message-edited">
        {t("ticketView.messages.edited")}
      </Typography>
    );
  }
  return (
    <Box>
      <ButtonBase onClick={() => setOpen((v) => !v)} aria-expanded={open} aria-label={t("ticketView.messages.showHistory")} data-testid="message-edited">
        <Typography variant="caption" color="text.secondary" sx={{ fontStyle: "italic", textDecoration: "underline dotted" }}>
          {t("ticketView.messages.edited")} ({history.length})
        </Typography>
      </ButtonBase>
      {open && (
        <Box data-testid="message-edit-history" sx={{ mt: 0.25, pl: 1, borderLeft: 2, borderColor: "divider" }}>
          <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600 }}>
            {t("ticketView.messages.editedHistory")}
          </Typography>
          {history.map((edit, i) => (
            <Typography key={i} variant="caption" color="text.secondary" component="div" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", textDecoration: "line-through" }}>
              {edit.body} · {formatTime(edit.at)}
            </Typography>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One message: sent on the right, received on the left, with quote, content, time, edit/delete markers and ticks. */
export const MessageBubble = memo(function MessageBubble({ message, showSender, onReply, onShowMessage }: MessageBubbleProps) {
  const { t } = useTranslation();
  const mine = message.fromMe;
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: mine ? "flex-end" : "flex-start", px: 1.5, py: 0.25 }}>
      <Paper
        elevation={0}
        data-testid={`message-${message.id}`}
        data-message-id={message.id}
        data-from-me={mine}
        sx={(theme) => ({
          position: "relative",
          maxWidth: { xs: "88%", md: "70%" },
          minWidth: 110,
          px: 1.25,
          pt: 0.75,
          pb: 0.5,
          pr: 3.5,
          borderRadius: 2,
          borderTopRightRadius: mine ? 2 : undefined,
          borderTopLeftRadius: mine ? undefined : 2,
          bgcolor: mine ? (theme.palette.mode === "dark" ? "#005c4b" : "#dcf8c6") : "background.paper",
          boxShadow: "0 1px 0.5px rgba(0,0,0,0.13)",
          transition: "outline-color 0.3s",
          outline: "2px solid transparent",
          "&.highlighted": { outlineColor: theme.palette.warning.main },
        })}
      >
        <MessageMenu message={message} onReply={onReply} />
        {showSender && !mine && message.contact && (
          <Typography variant="caption" color="secondary" sx={{ fontWeight: 600 }} component="div">
            {message.participant || message.contact.name}
          </Typography>
        )}
        {message.forwarded && (
          <Typography variant="caption" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.25, fontStyle: "italic" }} data-testid="message-forwarded">
            <ShortcutIcon sx={{ fontSize: 14 }} />
            {t("ticketView.messages.forwarded")}
          </Typography>
        )}
        {message.quotedStatus !== null && (
          <Box data-testid="quoted-status" sx={{ mb: 0.5, px: 1, py: 0.5, borderRadius: 1, borderLeft: 4, borderColor: "primary.main", bgcolor: "action.hover" }}>
            <Typography variant="caption" sx={{ fontWeight: 600, color: "primary.main" }} component="div">
              {t("ticketView.messages.statusReply")}
            </Typography>
            {message.quotedStatus && (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-wrap", overflow: "hidden", display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical" }}>
                <FormattedText text={message.quotedStatus} />
              </Typography>
            )}
          </Box>
        )}
        {message.quotedMsg && <QuotedBlock quoted={message.quotedMsg} onClick={() => onShowMessage(message.quotedMsg!.id)} />}
        {message.isDeleted && (
          <Typography variant="body2" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5, fontStyle: "italic" }} data-testid="message-deleted">
            <BlockIcon sx={{ fontSize: 16 }} />
            {t("ticketView.messages.deleted")}
          </Typography>
        )}
        {message.isDeleted && message.deletedBody && (
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", textDecoration: "line-through" }} data-testid="message-deleted-body">
            <Box component="span" sx={{ fontStyle: "italic", textDecoration: "none", display: "inline-block", mr: 0.5 }}>
              {t("ticketView.messages.deletedSaid")}
            </Box>
            {message.deletedBody}
          </Typography>
        )}
        <Box sx={message.isDeleted ? { opacity: 0.55, fontStyle: "italic" } : undefined}>
          <Content message={message} />
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 0.5, mt: 0.25 }}>
          {message.isEdited && <EditedMarker message={message} />}
          <Typography variant="caption" color="text.secondary">
            {formatTime(message.createdAt)}
          </Typography>
          {mine && <MessageAck message={message} />}
        </Box>
      </Paper>
      {message.reactions.length > 0 && <Reactions message={message} mine={mine} />}
    </Box>
  );
});
