import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { Autocomplete, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { ChatBody } from "@balcao/common";
import { saveChat, type Chat } from "../../api/chats";
import { putChat } from "../../api/chatCache";
import { queryKeys } from "../../api/queryKeys";
import { fetchUserNames } from "../../api/tickets";
import { useSessionUser } from "../../app/authContext";
import { chatErrorText, chatResolver, emptyChatForm, toChatFormValues, type ChatFormValues, type MemberOption } from "./chatForm";

interface ChatDialogProps {
  open: boolean;
  /** null: a new chat. */
  chat: Chat | null;
  onClose(): void;
  onSaved(chat: Chat): void;
}

/** Creates a chat or edits one the user owns: title and members (the user is always one). */
export function ChatDialog({ open, chat, onClose, onSaved }: ChatDialogProps) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: queryKeys.userNames, queryFn: fetchUserNames, enabled: open, meta: { silent: true } });
  const options: MemberOption[] = (users.data ?? []).filter((u) => u.id !== me.id).map(({ id, name }) => ({ id, name }));
  const form = useForm<ChatFormValues, unknown, ChatBody>({ resolver: chatResolver, defaultValues: emptyChatForm() });
  const { register, control, handleSubmit, reset, formState } = form;

  useEffect(() => {
    if (open) reset(chat ? toChatFormValues(chat, me.id) : emptyChatForm());
  }, [open, chat, me.id, reset]);

  const save = useMutation({
    mutationFn: (body: ChatBody) => saveChat(chat?.id ?? null, { title: body.title, users: body.users.map((id) => ({ id })) }),
    onSuccess: (saved) => {
      putChat(queryClient, saved);
      toast.success(t("chats.dialog.saved"));
      onSaved(saved);
    },
  });
  const busy = save.isPending;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth data-testid="chat-dialog">
      <DialogTitle>{chat ? t("chats.dialog.editTitle") : t("chats.dialog.addTitle")}</DialogTitle>
      <DialogContent dividers>
        <form id="chat-form" noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
          <Stack spacing={2}>
            <TextField
              label={t("chats.dialog.title")}
              required
              autoFocus
              fullWidth
              {...register("title")}
              error={!!formState.errors.title}
              helperText={chatErrorText(formState.errors.title?.message)}
              slotProps={{ htmlInput: { "data-testid": "chat-title", maxLength: 120 } }}
            />
            <Controller
              control={control}
              name="users"
              render={({ field, fieldState }) => (
                <Autocomplete
                  multiple
                  options={options}
                  value={field.value}
                  onChange={(_, value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  getOptionLabel={(o) => o.name}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  loading={users.isPending}
                  noOptionsText={users.isError ? t("chats.dialog.usersLoadFailed") : t("chats.dialog.noUsers")}
                  loadingText={t("common.loading")}
                  filterSelectedOptions
                  renderValue={(value, getItemProps) =>
                    value.map((option, index) => {
                      const { key, ...itemProps } = getItemProps({ index });
                      return <Chip key={key} size="small" label={option.name} {...itemProps} />;
                    })
                  }
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t("chats.dialog.members")}
                      required
                      error={!!fieldState.error}
                      helperText={chatErrorText(fieldState.error?.message) ?? t("chats.dialog.membersHint")}
                      inputRef={field.ref}
                      inputProps={{ ...params.inputProps, "data-testid": "chat-members" }}
                    />
                  )}
                  data-testid="chat-members-field"
                />
              )}
            />
          </Stack>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="chat-cancel">
          {t("common.cancel")}
        </Button>
        <Button type="submit" form="chat-form" variant="contained" disabled={busy} data-testid="chat-save">
          {busy ? <CircularProgress size={22} color="inherit" aria-label={t("common.saving")} /> : t("common.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
