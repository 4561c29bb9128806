import { useEffect } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import type { FileListBody } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { toastError } from "../../api/errors";
import { fetchFileList, saveFileList, uploadOptionFiles, type FileListRecord } from "./fileListsApi";
import { emptyFileListForm, fileListResolver, pendingUploads, toFileListFormValues, type FileListFormValues } from "./fileListForm";

interface FileListDialogOptions {
  open: boolean;
  /** null: a new list. */
  id: number | null;
  onSaved(record: FileListRecord): void;
  onClose(): void;
}

/** Nothing to confirm here: a removed option goes when the list is saved. */
const NO_CONFIRM = { open: false, onConfirm() {}, onClose() {} };

/**
 * The file list dialog's state: the list read afresh on opening, the form with its option rows,
 * and the save: the list first, then the chosen files, each on its option (the save stands if
 * the upload fails).
 */
export function useFileListDialog({ open, id, onSaved, onClose }: FileListDialogOptions) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const editing = id !== null;
  // always fresh on opening: someone else may have changed it meanwhile
  const loaded = useQuery({ queryKey: ["fileList", id], queryFn: () => fetchFileList(id!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const form = useForm<FileListFormValues, unknown, FileListBody>({ resolver: fileListResolver, defaultValues: emptyFileListForm() });
  const options = useFieldArray({ control: form.control, name: "options" });
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    reset(editing && loaded.data ? toFileListFormValues(loaded.data) : emptyFileListForm());
  }, [open, editing, loaded.data, reset]);

  const save = useMutation({
    mutationFn: async (body: FileListBody) => {
      const rows = form.getValues("options");
      const saved = await saveFileList(id, body, user.id);
      const uploads = pendingUploads(rows, saved);
      if (!uploads.length) return saved;
      try {
        return await uploadOptionFiles(saved.id, uploads);
      } catch (err) {
        toast.error(t("fileLists.dialog.uploadFailed"));
        toastError(err);
        return saved;
      }
    },
    onSuccess: (saved) => {
      toast.success(t("fileLists.saved"));
      onSaved(saved);
      onClose();
    },
  });

  return {
    form,
    options,
    texts: "fileLists" as const,
    editing,
    loading: editing && loaded.isPending,
    failed: editing && loaded.isError,
    busy: save.isPending,
    saving: save.isPending,
    submit: form.handleSubmit((body) => save.mutate(body)),
    confirmRemove: NO_CONFIRM,
  };
}
