import type { BaseSyntheticEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack } from "@mui/material";
import type { RecordDialogTexts } from "../../hooks/useAttachedRecordDialog";
import { ConfirmDialog } from "../ConfirmDialog";
import { FullPageLoader } from "../FullPageLoader";

/** What the dialog reads of useAttachedRecordDialog's state. */
interface RecordFormState {
  texts: RecordDialogTexts;
  editing: boolean;
  loading: boolean;
  failed: boolean;
  busy: boolean;
  saving: boolean;
  submit(event?: BaseSyntheticEvent): Promise<void>;
  confirmRemove: { open: boolean; onConfirm(): void; onClose(): void };
}

interface RecordFormDialogProps {
  open: boolean;
  onClose(): void;
  state: RecordFormState;
  /** Starts the test ids: `{testIdPrefix}-dialog`, `-form`, `-cancel`, `-save`. */
  testIdPrefix: string;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The dialog around a record's form: add or edit title, the loading and load-error states,
 * cancel and save, and the confirmation before the stored attachment is removed.
 */
export function RecordFormDialog({ open, onClose, state, testIdPrefix, children }: RecordFormDialogProps) {
  const { t } = useTranslation();
  const { texts, busy, loading, failed } = state;
  const formId = `${testIdPrefix}-form`;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth scroll="paper" data-testid={`${testIdPrefix}-dialog`}>
      <DialogTitle>{state.editing ? t(`${texts}.dialog.editTitle`) : t(`${texts}.dialog.addTitle`)}</DialogTitle>
      <DialogContent dividers>
        {loading && <FullPageLoader inline />}
        {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
        {!loading && !failed && (
          <form id={formId} noValidate onSubmit={state.submit}>
            <Stack spacing={2}>{children}</Stack>
          </form>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid={`${testIdPrefix}-cancel`}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" form={formId} variant="contained" disabled={busy || loading || failed} data-testid={`${testIdPrefix}-save`}>
          {state.saving ? <CircularProgress size={22} color="inherit" aria-label={t("common.saving")} /> : t("common.save")}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={state.confirmRemove.open}
        title={t("common.deleteConfirmTitle")}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={state.confirmRemove.onConfirm}
        onClose={state.confirmRemove.onClose}
      />
    </Dialog>
  );
}
