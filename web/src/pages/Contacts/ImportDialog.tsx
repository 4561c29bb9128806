import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useTranslation } from "react-i18next";
import { CONTACT_IMPORT_REPEATED_NUMBER, type ContactImportResult, type ContactImportRowError } from "@balcao/common";
import { translateValidation } from "../../i18n/validation";

export type ImportState =
  | { phase: "uploading" | "processing"; fileName: string; percent: number }
  | { phase: "done"; fileName: string; percent: number; result: ContactImportResult }
  | { phase: "failed"; fileName: string; percent: number; message: string };

/** A row error in the reader's language: the form's field label and message, or the catalogue's text for an ERR_ code. */
function useRowErrorText() {
  const { t } = useTranslation();
  const fields: Record<string, string> = {
    name: t("ticketView.contactModal.name"),
    number: t("ticketView.contactModal.number"),
    email: t("ticketView.contactModal.email"),
  };
  return (error: ContactImportRowError) => ({
    field: fields[error.field] ?? error.field,
    message: error.message.startsWith("ERR_")
      ? t(`errors.${error.message}` as "errors.ERR_INTERNAL")
      : error.message === CONTACT_IMPORT_REPEATED_NUMBER
        ? t("contacts.importDialog.repeatedNumber")
        : translateValidation(error.message),
  });
}

function Counter({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box sx={{ flex: 1, textAlign: "center", p: 1.5, borderRadius: 1, bgcolor: "action.hover" }}>
      <Typography variant="h5" fontWeight={700} data-testid={testId}>
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

function Report({ result }: { result: ContactImportResult }) {
  const { t } = useTranslation();
  const describe = useRowErrorText();
  return (
    <Stack spacing={2} data-testid="import-result">
      <Typography variant="body2">{t("contacts.importDialog.summary", { total: result.total })}</Typography>
      <Stack direction="row" spacing={1}>
        <Counter label={t("contacts.importDialog.created")} value={result.created} testId="import-created" />
        <Counter label={t("contacts.importDialog.updated")} value={result.updated} testId="import-updated" />
        <Counter label={t("contacts.importDialog.unchanged")} value={result.unchanged} testId="import-unchanged" />
        <Counter label={t("contacts.importDialog.withErrors")} value={new Set(result.errors.map((e) => e.row)).size} testId="import-error-count" />
      </Stack>
      {result.errors.length === 0 ? (
        <Alert severity="success">{t("contacts.importDialog.noErrors")}</Alert>
      ) : (
        <>
          <Typography variant="subtitle2">{t("contacts.importDialog.errorsTitle")}</Typography>
          <TableContainer sx={{ maxHeight: 280 }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>{t("contacts.importDialog.row")}</TableCell>
                  <TableCell>{t("contacts.importDialog.field")}</TableCell>
                  <TableCell>{t("contacts.importDialog.message")}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {result.errors.map((error) => {
                  const text = describe(error);
                  return (
                    <TableRow key={`${error.row}-${error.field}`} data-testid={`import-error-${error.row}-${error.field}`}>
                      <TableCell>{error.row}</TableCell>
                      <TableCell>{text.field}</TableCell>
                      <TableCell>{text.message}</TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Stack>
  );
}

/** Progress while the file goes up and is processed, then the counts and the rows refused. */
export function ImportDialog({ state, onClose }: { state: ImportState; onClose(): void }) {
  const { t } = useTranslation();
  const busy = state.phase === "uploading" || state.phase === "processing";
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="import-dialog">
      <DialogTitle>{t("contacts.importDialog.title")}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} noWrap title={state.fileName}>
          {state.fileName}
        </Typography>
        {busy && (
          <Stack spacing={1} data-testid="import-progress" data-phase={state.phase}>
            <LinearProgress variant={state.phase === "uploading" && state.percent > 0 ? "determinate" : "indeterminate"} value={state.percent} />
            <Typography variant="body2">
              {state.phase === "uploading" ? t("contacts.importDialog.uploading", { percent: state.percent }) : t("contacts.importDialog.processing")}
            </Typography>
          </Stack>
        )}
        {state.phase === "done" && <Report result={state.result} />}
        {state.phase === "failed" && (
          <Stack spacing={1}>
            <Alert severity="error" data-testid="import-failed">
              {state.message}
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
