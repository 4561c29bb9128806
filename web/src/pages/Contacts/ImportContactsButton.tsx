import { useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@mui/material";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { useTranslation } from "react-i18next";
import axios from "axios";
import { CONTACT_IMPORT_EXTENSIONS, CONTACT_IMPORT_MAX_BYTES, CONTACT_IMPORT_MAX_ROWS, type ContactImportFileProblem } from "@balcao/common";
import { errorMessage } from "../../api/errors";
import { importContacts } from "./contactsApi";
import { ImportDialog, type ImportState } from "./ImportDialog";

/** The text for a refused file: the server names the problem (400 on `file`); anything else gets the shared message. */
function useFailureText() {
  const { t } = useTranslation();
  return (err: unknown) => {
    const body = axios.isAxiosError<{ field?: string; problem?: ContactImportFileProblem }>(err) ? err.response?.data : undefined;
    if (body?.field === "file" && body.problem) {
      return t(`contacts.importDialog.problems.${body.problem}`, { mb: CONTACT_IMPORT_MAX_BYTES / 1024 / 1024, rows: CONTACT_IMPORT_MAX_ROWS });
    }
    return errorMessage(err) ?? t("contacts.importDialog.failed");
  };
}

/** Import: a file picker for .xlsx/.xls/.csv, then a dialog with the upload progress and the per-row report. */
export function ImportContactsButton() {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<ImportState | null>(null);
  const failureText = useFailureText();

  const upload = useMutation({
    mutationFn: (file: File) =>
      importContacts(file, (percent) => setState((s) => (s && (s.phase === "uploading" || s.phase === "processing") ? { ...s, phase: percent >= 100 ? "processing" : "uploading", percent } : s))),
    meta: { silent: true },
    onSuccess: (result, file) => setState({ phase: "done", fileName: file.name, percent: 100, result }),
    onError: (err, file) => setState({ phase: "failed", fileName: file.name, percent: 0, message: failureText(err) }),
  });

  const pick = (file: File | undefined) => {
    if (!file) return;
    setState({ phase: "uploading", fileName: file.name, percent: 0 });
    upload.mutate(file);
  };

  const busy = state?.phase === "uploading" || state?.phase === "processing";

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={CONTACT_IMPORT_EXTENSIONS.join(",")}
        data-testid="contacts-import-input"
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = ""; // the same file may be picked again
        }}
      />
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()} disabled={busy} data-testid="contacts-import">
        {t("contacts.importButton")}
      </Button>
      {state && <ImportDialog state={state} onClose={() => !busy && setState(null)} />}
    </>
  );
}
