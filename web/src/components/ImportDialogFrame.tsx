import type { ReactNode } from "react";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

interface ImportDialogFrameProps {
  title: string;
  fileName: string;
  busy: boolean;
  /** Shown while busy. */
  progress: ReactNode;
  /** The report once done, else null. */
  report: ReactNode;
  /** Why the import failed, else null. */
  failure: string | null;
  /** Closing is refused while the import runs when this is set. */
  lockWhileBusy?: boolean;
  onClose(): void;
}

/** A spreadsheet import's dialog: the file's name, its progress, then the report or why it failed. */
export function ImportDialogFrame({ title, fileName, busy, progress, report, failure, lockWhileBusy, onClose }: ImportDialogFrameProps) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={() => !(lockWhileBusy && busy) && onClose()} fullWidth maxWidth="sm" data-testid="import-dialog">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} noWrap title={fileName}>
          {fileName}
        </Typography>
        {busy && progress}
        {report}
        {failure !== null && (
          <Stack spacing={1}>
            <Alert severity="error" data-testid="import-failed">
              {failure}
            </Alert>
            <Typography variant="body2" color="text.secondary">
              {t("contacts.importDialog.hint")}
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="import-close">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
