import { useCallback, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from "react";
import { Alert, Box, Button, CircularProgress, FormControlLabel, IconButton, Paper, Switch, TextField, Tooltip, Typography, useMediaQuery, useTheme } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import SendIcon from "@mui/icons-material/Send";
import ArticleOutlinedIcon from "@mui/icons-material/ArticleOutlined";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fillTemplateVariables } from "@balcao/common";
import { toast } from "react-toastify";
import { useSessionUser } from "../../../../app/authContext";
import { useSocket } from "../../../../realtime/socketContext";
import { fetchBlob, sendMediaMessage, sendTextMessage, ticketViewKeys } from "../api";
import type { QuickMessage, ReplyTarget, TicketView } from "../types";
import { AttachmentPreview, ReplyPreview } from "./ComposerExtras";
import { composeBody, hasSomethingToSend, quickReplyTerm } from "./composerText";
import { EmojiPicker } from "./EmojiPicker";
import { QuickReplies, useQuickReplies } from "./QuickReplies";
import { useSignOption } from "./useSignOption";
import { VoiceRecorder } from "./VoiceRecorder";
import { TemplatePicker } from "./TemplatePicker";
import { useServiceWindow } from "../useServiceWindow";
import { errorCode } from "../../../../api/errors";

interface ComposerProps {
  ticket: TicketView;
  replyTo: ReplyTarget | null;
  onCancelReply(): void;
}

const fileNameOf = (path: string) => decodeURIComponent(path.split("?")[0].split("/").pop() || "arquivo");

/** Text, emoji, files, voice notes and quick replies; usable only while the ticket is open. */
export function Composer({ ticket, replyTo, onCancelReply }: ComposerProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up("md"));
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [recording, setRecording] = useState(false);
  const [highlighted, setHighlighted] = useState(0);
  const [sign, setSign] = useSignOption();
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const open = ticket.status === "open";
  const [templatesOpen, setTemplatesOpen] = useState(false);
  // the server said the window is closed (e.g. the customer never wrote): until the window changes
  const [refusedAt, setRefusedAt] = useState<string | null | undefined>(undefined);
  const serviceWindow = useServiceWindow(ticket);
  const windowClosed = serviceWindow.closed || refusedAt === ticket.serviceWindowEndsAt;
  const hasTemplates = serviceWindow.left !== null || windowClosed;
  // outside the Cloud API's 24-hour window only templates go out
  const enabled = open && !windowClosed;

  const term = files.length === 0 ? quickReplyTerm(text) : null;
  const quick = useQuickReplies(term);

  // Messages come back through the socket; without one, read the list again.
  const refreshIfOffline = () => {
    if (!socket?.connected) void queryClient.invalidateQueries({ queryKey: ticketViewKeys.messages(ticket.id) });
  };

  const send = useMutation({
    mutationFn: async (draft: { text: string; files: File[] }) => {
      if (draft.files.length > 0) {
        await sendMediaMessage(ticket.id, draft.files, draft.text.trim(), replyTo?.id);
        return true;
      }
      const body = composeBody(draft.text, sign ? user.name : null);
      if (!body) return false;
      await sendTextMessage(ticket.id, { body, fromMe: true, ...(replyTo ? { quotedMsg: { id: replyTo.id } } : {}) });
      return true;
    },
    onError: (error) => {
      if (errorCode(error) === "ERR_SERVICE_WINDOW_CLOSED") setRefusedAt(ticket.serviceWindowEndsAt);
    },
    onSuccess: (sent, draft) => {
      if (!sent) return;
      // only what went out: a file attached or text typed while it was on its way stays
      setText((current) => (current === draft.text ? "" : current));
      setFiles((current) => current.filter((file) => !draft.files.includes(file)));
      onCancelReply();
      refreshIfOffline();
      input.current?.focus();
    },
  });

  const sendAudio = useCallback(
    async (file: File) => {
      await sendMediaMessage(ticket.id, [file], "");
      if (!socket?.connected) void queryClient.invalidateQueries({ queryKey: ticketViewKeys.messages(ticket.id) });
    },
    [ticket.id, socket, queryClient],
  );

  const submit = () => {
    if (!enabled || send.isPending || !hasSomethingToSend(text, files.length)) return;
    send.mutate({ text, files });
  };

  const pickQuickReply = async (option: QuickMessage) => {
    // the attendant sees, and may still edit, exactly what the customer will get
    setText(fillTemplateVariables(option.message, { contactName: ticket.contact?.name ?? "", ticketId: ticket.id }));
    setHighlighted(0);
    input.current?.focus();
    if (!option.mediaPath) return;
    try {
      const blob = await fetchBlob(option.mediaPath);
      setFiles([new File([blob], option.mediaName || fileNameOf(option.mediaPath), { type: blob.type })]);
    } catch {
      toast.error(t("ticketView.composer.quickMediaFailed"));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.nativeEvent.isComposing) return;
    const suggesting = term !== null && quick.options.length > 0;
    if (suggesting && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setHighlighted((i) => (i + step + quick.options.length) % quick.options.length);
      return;
    }
    if (event.key !== "Enter" || event.shiftKey) return;
    event.preventDefault();
    if (suggesting) void pickQuickReply(quick.options[Math.min(highlighted, quick.options.length - 1)]);
    else submit();
  };

  const addFiles = (list: FileList | null) => {
    // copied now: the FileList is live, and clearing the input empties it before a deferred update runs
    const picked = list ? Array.from(list) : [];
    if (picked.length > 0) setFiles((current) => [...current, ...picked]);
  };

  const onFiles = (event: ChangeEvent<HTMLInputElement>) => {
    addFiles(event.target.files);
    event.target.value = "";
  };

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (!enabled || event.clipboardData.files.length === 0) return;
    event.preventDefault();
    addFiles(event.clipboardData.files);
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText((current) => current.slice(0, start) + emoji + current.slice(end));
    window.requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const busy = send.isPending;
  const canSend = enabled && !busy && hasSomethingToSend(text, files.length);

  return (
    <Paper square elevation={0} sx={{ position: "relative", borderTop: 1, borderColor: "divider" }} data-testid="composer">
      {enabled && term !== null && <QuickReplies options={quick.options} loading={quick.loading} highlighted={highlighted} onPick={(option) => void pickQuickReply(option)} />}
      {enabled && replyTo && <ReplyPreview target={replyTo} onCancel={onCancelReply} />}
      {enabled && files.length > 0 && <AttachmentPreview files={files} onCancel={() => setFiles([])} />}
      {open && windowClosed && (
        <Alert
          severity="warning"
          sx={{ borderRadius: 0 }}
          data-testid="composer-window-closed"
          action={
            <Button color="inherit" size="small" onClick={() => setTemplatesOpen(true)} data-testid="composer-template-closed">
              {t("ticketView.templates.open")}
            </Button>
          }
        >
          {t("ticketView.serviceWindow.composerClosed")}
        </Alert>
      )}
      {open && hasTemplates && <TemplatePicker ticket={ticket} open={templatesOpen} onClose={() => setTemplatesOpen(false)} onSent={refreshIfOffline} />}
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 0.5, px: 1, py: 1 }}>
        {!recording && (
          <>
            <EmojiPicker disabled={!enabled} onPick={insertEmoji} onClosed={() => input.current?.focus()} />
            <Tooltip title={t("ticketView.composer.attach")}>
              <span>
                <IconButton aria-label={t("ticketView.composer.attach")} disabled={!enabled || busy} onClick={() => fileInput.current?.click()} data-testid="composer-attach">
                  <AttachFileIcon />
                </IconButton>
              </span>
            </Tooltip>
            <input ref={fileInput} type="file" multiple hidden onChange={onFiles} data-testid="composer-file-input" />
            {open && hasTemplates && (
              <Tooltip title={t("ticketView.templates.open")}>
                <IconButton aria-label={t("ticketView.templates.open")} onClick={() => setTemplatesOpen(true)} data-testid="composer-templates">
                  <ArticleOutlinedIcon />
                </IconButton>
              </Tooltip>
            )}
            {wide && (
              <FormControlLabel
                sx={{ mx: 0.5, mb: 0.5 }}
                label={<Typography variant="caption">{t("ticketView.composer.sign")}</Typography>}
                labelPlacement="bottom"
                control={
                  <Switch
                    size="small"
                    checked={sign}
                    disabled={!enabled}
                    onChange={(event) => setSign(event.target.checked)}
                    slotProps={{ input: { "aria-label": t("ticketView.composer.sign"), ...{ "data-testid": "composer-sign" } } }}
                  />
                }
              />
            )}
            <TextField
              inputRef={input}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setHighlighted(0);
              }}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
              disabled={!enabled}
              placeholder={
                open && windowClosed
                  ? t("ticketView.serviceWindow.placeholderClosed")
                  : enabled
                    ? files.length
                      ? t("ticketView.composer.caption")
                      : t(wide ? "ticketView.composer.placeholder" : "ticketView.composer.placeholderShort")
                    : t(wide ? "ticketView.composer.disabledHint" : "ticketView.composer.disabledHintShort")
              }
              multiline
              maxRows={5}
              fullWidth
              size="small"
              sx={{ "& .MuiInputBase-root": { borderRadius: 3, bgcolor: "background.default" } }}
              slotProps={{ htmlInput: { "data-testid": "composer-input", "aria-label": t("ticketView.composer.placeholder") } }}
            />
            <Tooltip title={t("ticketView.composer.send")}>
              <span>
                <IconButton color="primary" aria-label={t("ticketView.composer.send")} disabled={!canSend} onClick={submit} data-testid="composer-send">
                  {busy ? <CircularProgress size={22} /> : <SendIcon />}
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        <VoiceRecorder disabled={!enabled || busy || files.length > 0} onRecorded={sendAudio} onRecordingChange={setRecording} />
      </Box>
    </Paper>
  );
}
