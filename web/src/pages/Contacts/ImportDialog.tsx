import { Alert, LinearProgress, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ContactImportResult } from "@balcao/common";
import { ImportCounter, ImportRowErrors } from "../../components/ImportReport";
import { ImportDialogFrame } from "../../components/ImportDialogFrame";

export type ImportState =
  | { phase: "uploading" | "processing"; fileName: string; percent: number }
  | { phase: "done"; fileName: string; percent: number; result: ContactImportResult }
  | { phase: "failed"; fileName: string; percent: number; message: string };

function Report({ result }: { result: ContactImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="import-result">
      <Typography variant="body2">{t("contacts.importDialog.summary", { total: result.total })}</Typography>
      <Stack direction="row" spacing={1}>
        <ImportCounter label={t("contacts.importDialog.created")} value={result.created} testId="import-created" />
        <ImportCounter label={t("contacts.importDialog.updated")} value={result.updated} testId="import-updated" />
        <ImportCounter label={t("contacts.importDialog.unchanged")} value={result.unchanged} testId="import-unchanged" />
        <ImportCounter label={t("contacts.importDialog.withErrors")} value={new Set(result.errors.map((e) => e.row)).size} testId="import-error-count" />
      </Stack>
      {result.errors.length === 0 ? <Alert severity="success">{t("contacts.importDialog.noErrors")}</Alert> : <ImportRowErrors errors={result.errors} />}
    </Stack>
  );
}

/** Progress while the file goes up and is processed, then the counts and the rows refused. */
export function ImportDialog({ state, onClose }: { state: ImportState; onClose(): void }) {
  const { t } = useTranslation();
  const busy = state.phase === "uploading" || state.phase === "processing";
  return (
    <ImportDialogFrame
      title={t("contacts.importDialog.title")}
      fileName={state.fileName}
      busy={busy}
      progress={
        <Stack spacing={1} data-testid="import-progress" data-phase={state.phase}>
          <LinearProgress variant={state.phase === "uploading" && state.percent > 0 ? "determinate" : "indeterminate"} value={state.percent} />
          <Typography variant="body2">{state.phase === "uploading" ? t("contacts.importDialog.uploading", { percent: state.percent }) : t("contacts.importDialog.processing")}</Typography>
        </Stack>
      }
      report={state.phase === "done" ? <Report result={state.result} /> : null}
      failure={state.phase === "failed" ? state.message : null}
      onClose={onClose}
    />
  );
}
