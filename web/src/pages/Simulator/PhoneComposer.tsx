import { useRef, useState, type KeyboardEvent } from "react";
import { Box, CircularProgress, IconButton, InputBase, Stack, Tooltip, Typography } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import CloseIcon from "@mui/icons-material/Close";
import PlaceOutlinedIcon from "@mui/icons-material/PlaceOutlined";
import SendIcon from "@mui/icons-material/Send";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { SandboxMessage } from "../../api/sandbox";
import { LocationDialog, type LocationValue } from "./LocationDialog";
import { useSnippet } from "./MessageBubble";
import { fileToBase64, MAX_FILE_BYTES, mimeOf } from "./simulatorUtils";
import type { OutgoingMessage } from "./useSandboxConversation";

interface PhoneComposerProps {
  disabled: boolean;
  /** Shown instead of the placeholder when the phone cannot send. */
  disabledReason?: string | null;
  replyTo: SandboxMessage | null;
  onCancelReply(): void;
  onSend(message: OutgoingMessage): Promise<unknown>;
}

const ACCEPT = "image/*,audio/*,video/*,application/pdf,application/*,text/*,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip";

const mediaTypeOf = (mime: string) => (mime.startsWith("image/") ? "image" : mime.startsWith("audio/") ? "audio" : mime.startsWith("video/") ? "video" : "document");

/**
 * The phone's input: text (Enter sends, Shift+Enter breaks the line), a file (sent at once,
 * with what is typed as its caption), a location, and a reply to a message.
 */
export function PhoneComposer({ disabled, disabledReason, replyTo, onCancelReply, onSend }: PhoneComposerProps) {
  const { t } = useTranslation();
  const snippet = useSnippet();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [locationOpen, setLocationOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const deliver = async (message: OutgoingMessage, clearText: boolean) => {
    const typed = text;
    if (clearText) setText("");
    onCancelReply();
    setBusy(true);
    try {
      await onSend({ ...message, quotedId: replyTo?.id });
    } catch {
      // the shared handler already showed the error: give the text back
      if (clearText) setText(typed);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const sendText = () => {
    const body = text.trim();
    if (!body || disabled) return;
    void deliver({ body }, true);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      sendText();
    }
  };

  const onFile = async (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = "";
    if (!file || disabled) return;
    if (file.size > MAX_FILE_BYTES) {
      toast.error(t("simulator.fileTooLarge", { size: MAX_FILE_BYTES / 1024 / 1024 }));
      return;
    }
    let data: string;
    try {
      data = await fileToBase64(file);
    } catch {
      toast.error(t("simulator.fileReadFailed"));
      return;
    }
    const mimetype = mimeOf(file);
    const mediaType = mediaTypeOf(mimetype);
    const preview = { mediaType: mediaType === "document" ? "application" : mediaType, mediaName: file.name, url: URL.createObjectURL(file) };
    void deliver({ body: text.trim(), media: { data, filename: file.name, mimetype }, preview }, true);
  };

  const sendLocation = (location: LocationValue) => {
    setLocationOpen(false);
    void deliver({ location }, false);
  };

  const canSend = !disabled && text.trim() !== "";
  return (
    <Box sx={{ bgcolor: (theme) => (theme.palette.mode === "dark" ? "#202c33" : "#f0f2f5"), px: 1, py: 0.75 }}>
      {replyTo && (
        <Stack
          direction="row"
          alignItems="center"
          spacing={1}
          data-testid="simulator-reply-preview"
          sx={{ mb: 0.75, px: 1, py: 0.5, borderRadius: 1, bgcolor: "background.paper", borderLeft: 4, borderColor: replyTo.direction === "in" ? "success.main" : "primary.main" }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="caption" fontWeight={700} color="primary" display="block">
              {t("simulator.replyingTo", { who: replyTo.direction === "in" ? t("simulator.you") : t("simulator.attendant") })}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap display="block">
              {snippet(replyTo)}
            </Typography>
          </Box>
          <IconButton size="small" onClick={onCancelReply} aria-label={t("simulator.cancelReply")}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      )}
      <Stack direction="row" alignItems="flex-end" spacing={0.5}>
        <Tooltip title={t("simulator.attach")}>
          <span>
            <IconButton onClick={() => fileInput.current?.click()} disabled={disabled || busy} aria-label={t("simulator.attach")} data-testid="simulator-attach">
              <AttachFileIcon />
            </IconButton>
          </span>
        </Tooltip>
        <input ref={fileInput} type="file" accept={ACCEPT} hidden data-testid="simulator-file-input" onChange={(e) => void onFile(e.target.files?.[0])} />
        <Tooltip title={t("simulator.location")}>
          <span>
            <IconButton onClick={() => setLocationOpen(true)} disabled={disabled || busy} aria-label={t("simulator.location")} data-testid="simulator-location">
              <PlaceOutlinedIcon />
            </IconButton>
          </span>
        </Tooltip>
        <InputBase
          inputRef={input}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={disabled && disabledReason ? disabledReason : t("simulator.inputPlaceholder")}
          disabled={disabled}
          multiline
          maxRows={5}
          inputProps={{ "data-testid": "simulator-input", "aria-label": t("simulator.inputPlaceholder"), maxLength: 65536 }}
          sx={{ flex: 1, bgcolor: "background.paper", borderRadius: 3, px: 1.5, py: 1, fontSize: 15 }}
        />
        <Tooltip title={t("simulator.send")}>
          <span>
            <IconButton color="primary" onClick={sendText} disabled={!canSend} aria-label={t("simulator.send")} data-testid="simulator-send">
              {busy ? <CircularProgress size={22} /> : <SendIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <LocationDialog open={locationOpen} onClose={() => setLocationOpen(false)} onSend={sendLocation} />
    </Box>
  );
}
