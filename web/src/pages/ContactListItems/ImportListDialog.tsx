import { Alert, LinearProgress, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { ContactListImportResult } from "@balcao/common";
import { ImportCounter, ImportRowErrors } from "../../components/ImportReport";
import { ImportDialogFrame } from "../../components/ImportDialogFrame";

/**
 * Where an import is: the file going up (upload %), the server reading it, then storing its rows
 * (processed of total, heard over the socket), then the report, or why it failed.
 */
export type ListImportState =
  | { phase: "uploading"; fileName: string; percent: number }
  | { phase: "reading"; fileName: string }
  | { phase: "importing"; fileName: string; processed: number; total: number }
  | { phase: "done"; fileName: string; result: ContactListImportResult }
  | { phase: "failed"; fileName: string; message: string };

export const isImportBusy = (state: ListImportState | null) => state?.phase === "uploading" || state?.phase === "reading" || state?.phase === "importing";

function Progress({ state }: { state: ListImportState }) {
  const { t } = useTranslation();
  let value: number | undefined;
  let text = "";
  if (state.phase === "uploading") {
    value = state.percent > 0 ? state.percent : undefined;
    text = t("contactListItems.importDialog.uploading", { percent: state.percent });
  } else if (state.phase === "reading") {
    text = t("contactListItems.importDialog.reading");
  } else if (state.phase === "importing") {
    value = state.total > 0 ? Math.round((state.processed / state.total) * 100) : 100;
    text = t("contactListItems.importDialog.importing", { processed: state.processed, total: state.total });
  }
  return (
    <Stack spacing={1} data-testid="import-progress" data-phase={state.phase}>
      <LinearProgress variant={value === undefined ? "indeterminate" : "determinate"} value={value} />
      <Typography variant="body2" data-testid="import-progress-text">
        {text}
      </Typography>
    </Stack>
  );
}

function Report({ result }: { result: ContactListImportResult }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} data-testid="import-result">
      <Typography variant="body2">{t("contactListItems.importDialog.summary", { total: result.total })}</Typography>
      <Stack direction="row" flexWrap="wrap" useFlexGap gap={1}>
        <ImportCounter label={t("contactListItems.importDialog.created")} value={result.created} testId="import-created" />
        <ImportCounter label={t("contactListItems.importDialog.updated")} value={result.updated} testId="import-updated" />
        <ImportCounter label={t("contactListItems.importDialog.unchanged")} value={result.unchanged} testId="import-unchanged" />
        <ImportCounter label={t("contactListItems.importDialog.merged")} value={result.merged} testId="import-merged" />
        <ImportCounter label={t("contactListItems.importDialog.withErrors")} value={new Set(result.errors.map((e) => e.row)).size} testId="import-error-count" />
      </Stack>
      {result.errors.length === 0 ? <Alert severity="success">{t("contactListItems.importDialog.noErrors")}</Alert> : <ImportRowErrors errors={result.errors} />}
      {result.created > 0 && (
        <Typography variant="body2" color="text.secondary">
          {t("contactListItems.importDialog.checking")}
        </Typography>
      )}
    </Stack>
  );
}

/** The import's progress, then its report: counts and the cells refused, by row and field. */
export function ImportListDialog({ state, onClose }: { state: ListImportState; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <ImportDialogFrame
      title={t("contactListItems.importDialog.title")}
      fileName={state.fileName}
      busy={isImportBusy(state)}
      progress={<Progress state={state} />}
      report={state.phase === "done" ? <Report result={state.result} /> : null}
      failure={state.phase === "failed" ? state.message : null}
      lockWhileBusy
      onClose={onClose}
    />
  );
}
