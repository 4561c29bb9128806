import { useRef } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormControlLabel, Stack, Switch, TextField } from "@mui/material";
import AttachFileIcon from "@mui/icons-material/AttachFile";
import { AttachmentPicker } from "../../components/recordDialog/AttachmentPicker";
import { RecordFormDialog } from "../../components/recordDialog/RecordFormDialog";
import { useAttachedRecordDialog } from "../../hooks/useAttachedRecordDialog";
import { emptyQuickMessageForm, quickMessageErrorText, quickMessageResolver, toQuickMessageFormValues } from "./quickMessageForm";
import { deleteQuickMessageMedia, fetchQuickMessage, saveQuickMessage, uploadQuickMessageMedia, type QuickMessageRecord } from "./quickMessagesApi";
import { VariableMenu } from "./VariableMenu";
import { insertAt } from "./variableInsert";

const quickMessageApi = { fetch: fetchQuickMessage, save: saveQuickMessage, upload: uploadQuickMessageMedia, removeMedia: deleteQuickMessageMedia };

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
  const state = useAttachedRecordDialog({
    open,
    id: quickMessageId,
    queryKey: "quickMessage",
    texts: "quickMessages",
    api: quickMessageApi,
    resolver: quickMessageResolver,
    emptyForm: emptyQuickMessageForm,
    toFormValues: toQuickMessageFormValues,
    onSaved,
    onClose,
  });
  const messageInput = useRef<HTMLTextAreaElement | null>(null);
  const { register, control, getValues, setValue, formState } = state.form;

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
  return (
    <RecordFormDialog open={open} onClose={onClose} state={state} testIdPrefix="quick-message">
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
        <VariableMenu onPick={insertVariable} disabled={state.busy} />
      </Stack>
      <AttachmentPicker {...state.attachment} texts="quickMessages" testIdPrefix="quick-message" icon={<AttachFileIcon />} />
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
    </RecordFormDialog>
  );
}
