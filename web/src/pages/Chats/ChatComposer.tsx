import { useRef, useState, type ChangeEvent, type KeyboardEvent } from "react";
import { Box, Chip, CircularProgress, IconButton, List, ListItemButton, ListItemText, Paper, TextField, Tooltip, Typography } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import SendIcon from "@mui/icons-material/Send";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CHAT_MEDIA_EXTENSIONS, CHAT_MEDIA_MAX_BYTES, isChatMediaName } from "@balcao/common";
import { sendChatMessage, type Chat } from "../../api/chats";
import { chatKeys, addChatMessage, type ChatMessagesData } from "../../api/chatCache";
import { canSend, insertMention, mentionAt, mentionCandidates } from "./chatText";

const ACCEPT = CHAT_MEDIA_EXTENSIONS.join(",");

/** Text (Enter sends, Shift+Enter breaks the line), one attachment, and "@" to mention a member. */
export function ChatComposer({ chat, userId }: { chat: Chat; userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [caret, setCaret] = useState(0);
  const [highlighted, setHighlighted] = useState(0);
  const [fileError, setFileError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const members = chat.users.filter((m) => m.userId !== userId).map((m) => ({ id: m.userId, name: m.user?.name ?? "" }));
  const typing = mentionAt(text, caret);
  const candidates = typing ? mentionCandidates(members, typing.query) : [];

  const send = useMutation({
    mutationFn: (draft: { text: string; file: File | null }) => sendChatMessage(chat.id, draft.text.trim(), draft.file),
    meta: { silent: true },
    onSuccess: (message, draft) => {
      queryClient.setQueryData<ChatMessagesData>(chatKeys.messages(chat.id), (data) => addChatMessage(data, message));
      // only what went out: text typed while it was on its way stays
      setText((current) => (current === draft.text ? "" : current));
      setFile((current) => (current === draft.file ? null : current));
      input.current?.focus();
    },
  });

  const submit = () => {
    if (!canSend(text, file) || send.isPending) return;
    send.mutate({ text, file });
  };

  const choose = (name: string) => {
    if (!typing) return;
    const next = insertMention(text, typing.start, caret, name);
    setText(next.text);
    setCaret(next.caret);
    window.requestAnimationFrame(() => input.current?.setSelectionRange(next.caret, next.caret));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (candidates.length > 0) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setHighlighted((i) => (i + step + candidates.length) % candidates.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        choose(candidates[Math.min(highlighted, candidates.length - 1)].name);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onText = (event: ChangeEvent<HTMLTextAreaElement | HTMLInputElement>) => {
    setText(event.target.value);
    setCaret(event.target.selectionStart ?? event.target.value.length);
    setHighlighted(0);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!chosen) return;
    if (!isChatMediaName(chosen.name) || chosen.size > CHAT_MEDIA_MAX_BYTES) {
      setFileError(isChatMediaName(chosen.name) ? t("chats.composer.tooLarge", { max: CHAT_MEDIA_MAX_BYTES / 1024 / 1024 }) : t("chats.composer.wrongType"));
      return;
    }
    setFileError(null);
    setFile(chosen);
  };

  return (
    <Paper square elevation={0} sx={{ borderTop: 1, borderColor: "divider", p: 1, position: "relative" }} data-testid="chat-composer">
      {candidates.length > 0 && (
        <Paper elevation={4} sx={{ position: "absolute", bottom: "100%", left: 8, right: 8, maxWidth: 320, mb: 0.5, zIndex: 2 }}>
          <List dense disablePadding aria-label={t("chats.composer.mentionList")} data-testid="chat-mention-list">
            {candidates.map((member, index) => (
              <ListItemButton key={member.id} selected={index === highlighted} onMouseDown={(event) => event.preventDefault()} onClick={() => choose(member.name)}>
                <ListItemText primary={`@${member.name}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      )}
      {(file || fileError) && (
        <Box sx={{ px: 1, pb: 1 }}>
          {file && <Chip label={file.name} onDelete={() => setFile(null)} size="small" data-testid="chat-attachment" aria-label={file.name} />}
          {fileError && (
            <Typography variant="caption" color="error" role="alert">
              {fileError}
            </Typography>
          )}
        </Box>
      )}
      <Box sx={{ display: "flex", alignItems: "flex-end", gap: 0.5 }}>
        <input ref={fileInput} type="file" hidden onChange={onFile} accept={ACCEPT} data-testid="chat-file-input" />
        <Tooltip title={t("chats.composer.attach")}>
          <IconButton onClick={() => fileInput.current?.click()} aria-label={t("chats.composer.attach")} disabled={send.isPending}>
            <AttachFileIcon />
          </IconButton>
        </Tooltip>
        <TextField
          inputRef={input}
          value={text}
          onChange={onText}
          onKeyDown={onKeyDown}
          onSelect={(event) => setCaret((event.target as HTMLTextAreaElement).selectionStart ?? 0)}
          placeholder={t("chats.composer.placeholder")}
          multiline
          maxRows={6}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { "aria-label": `${t("chats.composer.placeholder")} (${t("chats.composer.hint")})`, "data-testid": "chat-input" } }}
        />
        <Tooltip title={t("chats.composer.send")}>
          <span>
            <IconButton color="primary" onClick={submit} disabled={!canSend(text, file) || send.isPending} aria-label={t("chats.composer.send")} data-testid="chat-send">
              {send.isPending ? <CircularProgress size={22} /> : <SendIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {send.isError && (
        <Typography variant="caption" color="error" role="alert" sx={{ px: 1 }} data-testid="chat-send-failed">
          {t("chats.composer.sendFailed")}
        </Typography>
      )}
    </Paper>
  );
}
