import { memo } from "react";
import { Box, Paper, Typography } from "@mui/material";
import BlockIcon from "@mui/icons-material/Block";
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

/** One message: sent on the right, received on the left, with quote, content, time, edit/delete markers and ticks. */
export const MessageBubble = memo(function MessageBubble({ message, showSender, onReply, onShowMessage }: MessageBubbleProps) {
  const { t } = useTranslation();
  const mine = message.fromMe;
  return (
    <Box sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", px: 1.5, py: 0.25 }}>
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
            {message.contact.name}
          </Typography>
        )}
        {message.quotedMsg && <QuotedBlock quoted={message.quotedMsg} onClick={() => onShowMessage(message.quotedMsg!.id)} />}
        {message.isDeleted && (
          <Typography variant="body2" color="text.secondary" sx={{ display: "flex", alignItems: "center", gap: 0.5, fontStyle: "italic" }} data-testid="message-deleted">
            <BlockIcon sx={{ fontSize: 16 }} />
            {t("ticketView.messages.deleted")}
          </Typography>
        )}
        <Box sx={message.isDeleted ? { opacity: 0.55, fontStyle: "italic" } : undefined}>
          <Content message={message} />
        </Box>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "flex-end", gap: 0.5, mt: 0.25 }}>
          {message.isEdited && (
            <Typography variant="caption" color="text.secondary" sx={{ fontStyle: "italic" }} data-testid="message-edited">
              {t("ticketView.messages.edited")}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {formatTime(message.createdAt)}
          </Typography>
          {mine && <MessageAck message={message} />}
        </Box>
      </Paper>
    </Box>
  );
});
