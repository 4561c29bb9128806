import { Fragment, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from "@mui/material";
import ChatBubbleOutlineIcon from "@mui/icons-material/ChatBubbleOutline";
import { useTranslation } from "react-i18next";
import type { SandboxMessage } from "../../api/sandbox";
import { formatDate } from "../../i18n/format";
import { MessageBubble } from "./MessageBubble";
import { dayOf } from "./simulatorUtils";

interface PhoneChatProps {
  messages: SandboxMessage[];
  previews: Record<string, string>;
  loading: boolean;
  error: boolean;
  /** Why there is no conversation to show (no connection, invalid number…). */
  placeholder?: string | null;
  onRetry(): void;
  onReply(message: SandboxMessage): void;
  onReact?(message: SandboxMessage, emoji: string): void;
}

function Centered({ children }: { children: ReactNode }) {
  return (
    <Stack alignItems="center" justifyContent="center" spacing={1.5} sx={{ height: "100%", p: 3, textAlign: "center" }}>
      {children}
    </Stack>
  );
}

/** The phone's message list, WhatsApp style, kept scrolled to the newest message. */
export function PhoneChat({ messages, previews, loading, error, placeholder, onRetry, onReply, onReact }: PhoneChatProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(messages.map((m) => [m.id, m])), [messages]);
  const stuckToBottom = useRef(true);
  const last = messages[messages.length - 1];

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      stuckToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    };
    el.addEventListener("scroll", onScroll);
    return () => el.removeEventListener("scroll", onScroll);
  }, []);

  // New messages scroll into view, unless the user scrolled up to read older ones (own messages always do).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && (stuckToBottom.current || last?.direction === "in")) el.scrollTop = el.scrollHeight;
  }, [messages.length, last?.id, last?.direction]);

  let content: ReactNode;
  if (placeholder) {
    content = (
      <Centered>
        <ChatBubbleOutlineIcon color="disabled" sx={{ fontSize: 48 }} />
        <Typography variant="body2" color="text.secondary">
          {placeholder}
        </Typography>
      </Centered>
    );
  } else if (loading) {
    content = (
      <Centered>
        <CircularProgress size={28} aria-label={t("common.loading")} />
      </Centered>
    );
  } else if (error) {
    content = (
      <Centered>
        <Alert
          severity="error"
          data-testid="simulator-chat-error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              {t("common.retry")}
            </Button>
          }
        >
          {t("simulator.chatLoadFailed")}
        </Alert>
      </Centered>
    );
  } else if (messages.length === 0) {
    content = (
      <Centered>
        <Box data-testid="simulator-chat-empty" sx={{ px: 2, py: 1, borderRadius: 2, bgcolor: "#fff3c4", color: "#54656f", maxWidth: 280 }}>
          <Typography variant="body2">{t("simulator.chatEmpty")}</Typography>
        </Box>
      </Centered>
    );
  } else {
    content = (
      <Stack spacing={0.75} sx={{ p: 1.5 }}>
        {messages.map((message, index) => {
          const day = dayOf(message.createdAt);
          const newDay = index === 0 || dayOf(messages[index - 1].createdAt) !== day;
          return (
            <Fragment key={message.id}>
              {newDay && (
                <Box sx={{ display: "flex", justifyContent: "center", py: 0.5 }}>
                  <Chip size="small" label={formatDate(day)} sx={{ bgcolor: "background.paper", boxShadow: 1 }} />
                </Box>
              )}
              <MessageBubble message={message} quoted={message.quotedId ? byId.get(message.quotedId) : undefined} localUrl={previews[message.id]} onReply={onReply} onReact={onReact} />
            </Fragment>
          );
        })}
      </Stack>
    );
  }

  return (
    <Box
      ref={scroller}
      data-testid="simulator-chat"
      role="log"
      aria-live="polite"
      sx={{
        flex: 1,
        overflowY: "auto",
        bgcolor: (theme) => (theme.palette.mode === "dark" ? "#0b141a" : "#efeae2"),
      }}
    >
      {content}
    </Box>
  );
}
