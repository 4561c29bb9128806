import { Box, Paper, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ChatMessage } from "../../api/chats";
import { formatDateAs } from "../../i18n/format";
import { ChatMedia } from "./ChatMedia";
import { splitMentions } from "./chatText";

interface ChatBubbleProps {
  message: ChatMessage;
  mine: boolean;
  memberNames: readonly string[];
}

/** One message: the sender (for others' messages), text with mentions highlighted, attachment and time. */
export function ChatBubble({ message, mine, memberNames }: ChatBubbleProps) {
  const { t, i18n } = useTranslation();
  const segments = splitMentions(message.message ?? "", memberNames);
  return (
    <Box sx={{ display: "flex", justifyContent: mine ? "flex-end" : "flex-start", px: 1.5, py: 0.5 }} data-testid={`chat-message-${message.id}`} data-mine={mine}>
      <Paper
        elevation={0}
        sx={(theme) => ({
          maxWidth: { xs: "85%", md: "70%" },
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: mine ? (theme.palette.mode === "dark" ? "#005c4b" : "#d9fdd3") : "background.paper",
          border: 1,
          borderColor: "divider",
        })}
      >
        <Typography variant="caption" sx={{ fontWeight: 700, color: mine ? "text.secondary" : "primary.main", display: "block" }}>
          {mine ? t("chats.messages.you") : (message.sender?.name ?? "")}
        </Typography>
        <ChatMedia message={message} />
        {message.message && (
          <Typography variant="body2" component="div" sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", mt: message.mediaPath ? 0.5 : 0 }} data-testid="chat-message-text">
            {segments.map((segment, index) =>
              segment.mention ? (
                <Box key={index} component="span" sx={{ color: "primary.main", fontWeight: 700, bgcolor: "action.selected", borderRadius: 0.5, px: 0.25 }} data-testid="chat-mention">
                  {segment.text}
                </Box>
              ) : (
                segment.text
              ),
            )}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ display: "block", textAlign: "right", mt: 0.25 }}>
          {formatDateAs(message.createdAt, "shortDateTime", i18n.language)}
        </Typography>
      </Paper>
    </Box>
  );
}
