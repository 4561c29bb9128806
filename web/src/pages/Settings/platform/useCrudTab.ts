import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { errorMessage } from "../../../api/errors";

interface CrudTabOptions<R extends { id: number }, F> {
  queryKey: readonly unknown[];
  fetch(): Promise<R[]>;
  save(id: number | null, form: F): Promise<unknown>;
  remove(id: number): Promise<unknown>;
  /** The form of a new record. */
  empty: F;
  formOf(record: R): F;
  /** Said when a save fails and the server gave no message. */
  saveFailed: string;
}

/**
 * A super-user tab's state: the list, the form above it (new or editing a row), save and clear,
 * and the delete of a row after its confirmation. Errors are said here, so the calls are silent.
 */
export function useCrudTab<R extends { id: number }, F>({ queryKey, fetch, save, remove, empty, formOf, saveFailed }: CrudTabOptions<R, F>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey, queryFn: fetch, meta: { silent: true } });
  const [form, setForm] = useState<F>(empty);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const reset = () => {
    setForm(empty);
    setEditing(null);
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey });

  const saving = useMutation({
    mutationFn: () => save(editing, form),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t("platform.saved"));
      reset();
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err) ?? saveFailed),
  });
  const removing = useMutation({
    mutationFn: (id: number) => remove(id),
    meta: { silent: true },
    onSuccess: () => {
      toast.success(t("platform.saved"));
      refresh();
    },
    onError: (err) => toast.error(errorMessage(err) ?? t("platform.deleteFailed")),
  });

  return {
    list,
    form,
    setForm,
    editing,
    reset,
    saving: saving.isPending,
    submit: (e: FormEvent) => {
      e.preventDefault();
      saving.mutate();
    },
    /** Puts a row into the form. */
    edit: (record: R) => {
      setForm(formOf(record));
      setEditing(record.id);
    },
    askDelete: setDeleting,
    /** The CrudShell's list states. */
    shell: { editing, loading: list.isPending, failed: list.isError, empty: list.data?.length === 0, onRetry: () => void list.refetch() },
    /** The confirmation before a row is deleted. */
    confirmDelete: { open: deleting !== null, onConfirm: () => deleting && removing.mutate(deleting.id), onClose: () => setDeleting(null) },
  };
}
