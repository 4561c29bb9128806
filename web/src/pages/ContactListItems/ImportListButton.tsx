import { useRef, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import DownloadOutlined from "@mui/icons-material/DownloadOutlined";
import { useTranslation } from "react-i18next";
import axios from "axios";
import { CONTACT_IMPORT_EXTENSIONS, CONTACT_IMPORT_MAX_BYTES, CONTACT_IMPORT_MAX_ROWS, type ContactImportFileProblem, type ContactListImportProgress } from "@balcao/common";
import { downloadContactListExample, uploadContactListFile } from "../../api/contactLists";
import { errorMessage } from "../../api/errors";
import { useCompanyEvent } from "../../realtime/socketContext";
import { ImportListDialog, isImportBusy, type ListImportState } from "./ImportListDialog";

/** A new id for each import: the progress events of this upload carry it back. */
const newImportId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The text for a refused file: the server names the problem (400 on `file`); anything else gets the shared message. */
function useFailureText() {
  const { t } = useTranslation();
  return (err: unknown) => {
    const body = axios.isAxiosError<{ field?: string; problem?: ContactImportFileProblem }>(err) ? err.response?.data : undefined;
    if (body?.field === "file" && body.problem) {
      return t(`contacts.importDialog.problems.${body.problem}`, { mb: CONTACT_IMPORT_MAX_BYTES / 1024 / 1024, rows: CONTACT_IMPORT_MAX_ROWS });
    }
    return errorMessage(err) ?? t("contactListItems.importDialog.failed");
  };
}

/**
 * Import (administration §2): a confirmation that offers the example spreadsheet, the file picker
 * (.xlsx, .xls, .csv), then the progress (the upload, then the rows stored, heard over the
 * socket) and the report with the cells refused.
 */
export function ImportListButton({ contactListId }: { contactListId: number }) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const importId = useRef<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [state, setState] = useState<ListImportState | null>(null);
  const failureText = useFailureText();

  useCompanyEvent<ContactListImportProgress>("ContactListImport", (progress) => {
    if (!importId.current || progress.importId !== importId.current || progress.contactListId !== contactListId) return;
    setState((s) => (s && isImportBusy(s) ? { phase: "importing", fileName: s.fileName, processed: progress.processed, total: progress.total } : s));
  });

  const upload = useMutation({
    mutationFn: ({ file, id }: { file: File; id: string }) =>
      uploadContactListFile(contactListId, file, id, (percent) =>
        // the server's progress may arrive before the last upload event: never go back from importing
        setState((s) => (s?.phase === "uploading" ? (percent >= 100 ? { phase: "reading", fileName: s.fileName } : { ...s, percent }) : s)),
      ),
    meta: { silent: true },
    onSuccess: (result, { file }) => setState({ phase: "done", fileName: file.name, result }),
    onError: (err, { file }) => setState({ phase: "failed", fileName: file.name, message: failureText(err) }),
  });

  const pick = (file: File | undefined) => {
    if (!file) return;
    const id = newImportId();
    importId.current = id;
    setState({ phase: "uploading", fileName: file.name, percent: 0 });
    upload.mutate({ file, id });
  };

  const busy = isImportBusy(state);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        accept={CONTACT_IMPORT_EXTENSIONS.join(",")}
        data-testid="contact-list-import-input"
        onChange={(event) => {
          pick(event.target.files?.[0]);
          event.target.value = ""; // the same file may be picked again
        }}
      />
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => setConfirming(true)} disabled={busy} data-testid="contact-list-import" sx={{ whiteSpace: "nowrap" }}>
        {t("contactListItems.importButton")}
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} maxWidth="xs" fullWidth data-testid="contact-list-import-confirm">
        <DialogTitle>{t("contactListItems.importConfirm.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t("contactListItems.importConfirm.message")}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
          <Button startIcon={<DownloadOutlined />} onClick={() => void downloadContactListExample(i18n.resolvedLanguage ?? "pt")} data-testid="contact-list-import-example">
            {t("contactListItems.importConfirm.example")}
          </Button>
          <Button onClick={() => setConfirming(false)} data-testid="contact-list-import-cancel">
            {t("common.cancel")}
          </Button>
          <Button
            variant="contained"
            onClick={() => {
              setConfirming(false);
              input.current?.click();
            }}
            data-testid="contact-list-import-choose"
          >
            {t("contactListItems.importConfirm.choose")}
          </Button>
        </DialogActions>
      </Dialog>
      {state && (
        <ImportListDialog
          state={state}
          onClose={() => {
            importId.current = null;
            setState(null);
          }}
        />
      )}
    </>
  );
}
