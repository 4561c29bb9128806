import { useEffect, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Stack, Switch, TextField } from "@mui/material";
import type { QuickMessageBody } from "@balcao/common";
import { toastError } from "../../api/errors";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FullPageLoader } from "../../components/FullPageLoader";
import { AttachmentField } from "./AttachmentField";
import { emptyQuickMessageForm, quickMessageErrorText, quickMessageResolver, toQuickMessageFormValues, type QuickMessageFormValues } from "./quickMessageForm";
import { deleteQuickMessageMedia, fetchQuickMessage, saveQuickMessage, uploadQuickMessageMedia, type QuickMessageRecord } from "./quickMessagesApi";
import { VariableMenu } from "./VariableMenu";
import { insertAt } from "./variableInsert";

interface QuickMessageDialogProps {
  open: boolean;
  /** null: a new quick message. */
  quickMessageId: number | null;
  onClose(): void;
  onSaved(record: QuickMessageRecord): void;
}

/** Adds or edits a quick reply: shortcode, text with variables, one attachment (uploaded after the save), switches. */
export function QuickMessageDialog({ open, quickMessageId, onClose, onSaved }: QuickMessageDialogProps) {
  const { t } = useTranslation();
  const editing = quickMessageId !== null;
  // always fresh on opening: the owner or an admin may have changed it meanwhile
  const loaded = useQuery({ queryKey: ["quickMessage", quickMessageId], queryFn: () => fetchQuickMessage(quickMessageId!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const [stored, setStored] = useState<QuickMessageRecord | null>(null);
  const [pending, setPending] = useState<File | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const messageInput = useRef<HTMLTextAreaElement | null>(null);
  const { register, control, handleSubmit, reset, getValues, setValue, formState } = useForm<QuickMessageFormValues, unknown, QuickMessageBody>({
    resolver: quickMessageResolver,
    defaultValues: emptyQuickMessageForm(),
  });

  useEffect(() => {
    if (!open) return;
    setPending(null);
    setStored(editing ? (loaded.data ?? null) : null);
    reset(editing && loaded.data ? toQuickMessageFormValues(loaded.data) : emptyQuickMessageForm());
  }, [open, editing, loaded.data, reset]);

  const save = useMutation({
    mutationFn: async (body: QuickMessageBody) => {
      const saved = await saveQuickMessage(quickMessageId, body);
      if (!pending) return saved;
      try {
        return await uploadQuickMessageMedia(saved.id, pending);
      } catch (err) {
        toast.error(t("quickMessages.dialog.uploadFailed"));
        toastError(err);
        return saved;
      }
    },
    onSuccess: (saved) => {
      toast.success(t("quickMessages.saved"));
      onSaved(saved);
      onClose();
    },
  });

  const removeStored = useMutation({
    mutationFn: () => deleteQuickMessageMedia(quickMessageId!),
    onSuccess: (record) => {
      setStored(record);
      onSaved(record);
      toast.info(t("quickMessages.dialog.attachmentRemoved"));
    },
  });

  const insertVariable = (token: string) => {
    const el = messageInput.current;
    const next = insertAt(getValues("message") ?? "", token, el?.selectionStart, el?.selectionEnd);
    setValue("message", next.text, { shouldDirty: true });
    window.requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  const messageField = register("message");
  const busy = save.isPending || removeStored.isPending;
  const loading = editing && loaded.isPending;
  const failed = editing && loaded.isError;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="quick-message-dialog">
      <DialogTitle>{editing ? t("quickMessages.dialog.editTitle") : t("quickMessages.dialog.addTitle")}</DialogTitle>
      <DialogContent dividers>
        {loading && <FullPageLoader inline />}
        {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
        {!loading && !failed && (
          <form id="quick-message-form" noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
            <Stack spacing={2}>
              <TextField
                label={t("quickMessages.dialog.shortcode")}
                required
                autoFocus
                fullWidth
                {...register("shortcode")}
                error={!!formState.errors.shortcode}
                helperText={quickMessageErrorText(formState.errors.shortcode?.message) ?? t("quickMessages.dialog.shortcodeHint")}
                slotProps={{ htmlInput: { "data-testid": "quick-message-shortcode", maxLength: 100 } }}
              />
              <TextField
                label={t("quickMessages.dialog.message")}
                multiline
                minRows={4}
                maxRows={12}
                fullWidth
                {...messageField}
                inputRef={(el: HTMLTextAreaElement | null) => {
                  messageField.ref(el);
                  messageInput.current = el;
                }}
                error={!!formState.errors.message}
                helperText={quickMessageErrorText(formState.errors.message?.message)}
                slotProps={{ htmlInput: { "data-testid": "quick-message-message" } }}
              />
              <Stack direction="row" justifyContent="flex-end">
                <VariableMenu onPick={insertVariable} disabled={busy} />
              </Stack>
              <AttachmentField
                storedName={stored?.mediaName ?? null}
                pending={pending}
                disabled={busy}
                onPick={setPending}
                onClearPending={() => setPending(null)}
                onRemoveStored={() => setConfirmRemove(true)}
              />
              <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
                <Controller
                  name="geral"
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      label={t("quickMessages.dialog.geral")}
                      control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ...{ "data-testid": "quick-message-geral" } } }} />}
                    />
                  )}
                />
                <Controller
                  name="status"
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      label={t("quickMessages.dialog.status")}
                      control={<Switch checked={!!field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { ...{ "data-testid": "quick-message-status" } } }} />}
                    />
                  )}
                />
              </Stack>
            </Stack>
          </form>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="quick-message-cancel">
          {t("common.cancel")}
        </Button>
        <Button type="submit" form="quick-message-form" variant="contained" disabled={busy || loading || failed} data-testid="quick-message-save">
          {save.isPending ? <CircularProgress size={22} color="inherit" aria-label={t("common.saving")} /> : t("common.save")}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmRemove}
        title={t("common.deleteConfirmTitle")}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => removeStored.mutate()}
        onClose={() => setConfirmRemove(false)}
      />
    </Dialog>
  );
}
