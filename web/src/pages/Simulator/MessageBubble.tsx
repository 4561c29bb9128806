import { useState } from "react";
import { Box, IconButton, Menu, Stack, Tooltip, Typography } from "@mui/material";
import AddReactionOutlinedIcon from "@mui/icons-material/AddReactionOutlined";
import CloseIcon from "@mui/icons-material/Close";
import { REACTION_EMOJIS } from "@balcao/common";
import BlockIcon from "@mui/icons-material/Block";
import ReplyIcon from "@mui/icons-material/Reply";
import { useTranslation } from "react-i18next";
import type { SandboxMessage } from "../../api/sandbox";
import { FormattedText } from "../../components/whatsappText/FormattedText";
import { plainText } from "../../components/whatsappText/whatsappFormat";
import { AckTicks } from "./AckTicks";
import { SandboxMedia } from "./SandboxMedia";
import { formatTime, mediaKind } from "./simulatorUtils";

/** A short text for a quoted message: its body, or what kind of media it is. */
export function useSnippet() {
  const { t } = useTranslation();
  return (message: SandboxMessage) => {
    if (message.deleted) return t("simulator.deleted");
    const kind = mediaKind(message);
    if (kind === "location") return t("simulator.media.location");
    if (kind && (!message.body || message.body === message.mediaName)) return message.mediaName || t(`simulator.media.${kind}`);
    return plainText(message.body);
  };
}

function Quoted({ quoted, mine }: { quoted: SandboxMessage | undefined; mine: boolean }) {
  const { t } = useTranslation();
  const snippet = useSnippet();
  const fromCustomer = quoted?.direction === "in";
  return (
    <Box sx={{ mb: 0.5, px: 1, py: 0.5, borderRadius: 1, bgcolor: mine ? "rgba(0,0,0,0.06)" : "action.hover", borderLeft: 4, borderColor: fromCustomer ? "success.main" : "primary.main" }}>
      <Typography variant="caption" fontWeight={700} color={fromCustomer ? "success.main" : "primary.main"} display="block">
        {quoted ? (fromCustomer ? t("simulator.you") : t("simulator.attendant")) : t("simulator.attendant")}
      </Typography>
      <Typography variant="caption" sx={{ color: mine ? "rgba(17,27,33,.65)" : "text.secondary", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden" }}>
        {quoted ? snippet(quoted) : t("simulator.quotedUnavailable")}
      </Typography>
    </Box>
  );
}

interface MessageBubbleProps {
  message: SandboxMessage;
  quoted?: SandboxMessage;
  localUrl?: string;
  onReply?(message: SandboxMessage): void;
  onReact?(message: SandboxMessage, emoji: string): void;
}

/** The customer's reaction to a message: one of the usual emojis, or none (takes it back). */
function ReactButton({ message, onReact }: { message: SandboxMessage; onReact(message: SandboxMessage, emoji: string): void }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (emoji: string) => {
    setAnchor(null);
    onReact(message, emoji);
  };
  return (
    <>
      <Tooltip title={t("simulator.react")}>
        <IconButton className="reply" size="small" onClick={(e) => setAnchor(e.currentTarget)} aria-label={t("simulator.react")} data-testid={`simulator-react-${message.id}`} sx={{ opacity: { xs: 1, md: 0.3 } }}>
          <AddReactionOutlinedIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <Box sx={{ display: "flex", px: 1 }}>
          {REACTION_EMOJIS.map((emoji) => (
            <IconButton key={emoji} size="small" onClick={() => pick(emoji)} data-testid={`simulator-react-${emoji}`} sx={{ fontSize: 20, width: 36, height: 36 }}>
              {emoji}
            </IconButton>
          ))}
          <IconButton size="small" onClick={() => pick("")} aria-label={t("simulator.unreact")} data-testid="simulator-unreact" sx={{ width: 36, height: 36 }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      </Menu>
    </>
  );
}

/** One message on the phone: the customer's own on the right (green), the attendant's on the left. */
export function MessageBubble({ message, quoted, localUrl, onReply, onReact }: MessageBubbleProps) {
  const { t } = useTranslation();
  const mine = message.direction === "in";
  const kind = mediaKind(message);
  const showBody = !message.deleted && kind !== "location" && message.body && message.body !== message.mediaName;
  return (
    <Stack direction="row" justifyContent={mine ? "flex-end" : "flex-start"} alignItems="center" spacing={0.5} sx={{ "&:hover .reply": { opacity: 1 } }}>
      <Box
        data-testid={`simulator-message-${message.id}`}
        data-direction={message.direction}
        sx={{
          maxWidth: "80%",
          minWidth: 80,
          px: 1,
          pt: 0.75,
          pb: 0.5,
          borderRadius: 2,
          borderTopRightRadius: mine ? 2 : 8,
          borderTopLeftRadius: mine ? 8 : 2,
          bgcolor: mine ? "#d9fdd3" : "background.paper",
          color: mine ? "#111b21" : "text.primary",
          boxShadow: "0 1px 0.5px rgba(11,20,26,.13)",
          overflowWrap: "anywhere",
        }}
      >
        {message.quotedId && !message.deleted && <Quoted quoted={quoted} mine={mine} />}
        {message.deleted ? (
          <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: "text.secondary" }}>
            <BlockIcon sx={{ fontSize: 16 }} />
            <Typography variant="body2" fontStyle="italic">
              {t("simulator.deleted")}
            </Typography>
          </Stack>
        ) : (
          <SandboxMedia message={message} localUrl={localUrl} />
        )}
        {showBody && (
          <Typography variant="body2" sx={{ whiteSpace: "pre-wrap", mt: kind ? 0.5 : 0 }}>
            <FormattedText text={message.body} />
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} justifyContent="flex-end" alignItems="center" sx={{ mt: 0.25 }}>
          <Typography variant="caption" sx={{ color: mine ? "rgba(17,27,33,.6)" : "text.secondary", fontSize: 11 }}>
            {formatTime(message.createdAt)}
          </Typography>
          <AckTicks ack={message.ack} testId={`simulator-ack-${message.id}`} />
        </Stack>
        {message.reaction && (
          <Box
            component="span"
            data-testid={`simulator-reaction-${message.id}`}
            sx={{ display: "inline-block", mt: 0.25, px: 0.75, borderRadius: 3, bgcolor: "background.paper", boxShadow: "0 1px 2px rgba(0,0,0,0.2)", fontSize: 14 }}
          >
            {message.reaction}
          </Box>
        )}
      </Box>
      {onReply && !message.deleted && (
        <Tooltip title={t("simulator.reply")}>
          <IconButton className="reply" size="small" onClick={() => onReply(message)} aria-label={t("simulator.reply")} data-testid={`simulator-reply-${message.id}`} sx={{ opacity: { xs: 1, md: 0.3 } }}>
            <ReplyIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {onReact && !message.deleted && <ReactButton message={message} onReact={onReact} />}
    </Stack>
  );
}
