import { useEffect, useState } from "react";
import { useForm, type DefaultValues, type FieldValues, type Resolver } from "react-hook-form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { toastError } from "../api/errors";
import type { Messages } from "../i18n/locales/pt";

/** A record with at most one attachment, known by its name. */
export interface AttachedRecord {
  id: number;
  mediaName: string | null;
}

/** The texts a record dialog shows, under one area of the messages. */
interface RecordDialogMessages {
  saved: string;
  dialog: { addTitle: string; editTitle: string; attachment: string; attach: string; attachHint: string; pendingUpload: string; removeAttachment: string; attachmentRemoved: string; uploadFailed: string };
}

/** The areas of the messages that hold a record dialog's texts (e.g. "quickMessages"). */
export type RecordDialogTexts = { [K in keyof Messages]: Messages[K] extends RecordDialogMessages ? K : never }[keyof Messages];

/** The calls a record dialog makes. */
export interface AttachedRecordApi<R extends AttachedRecord, B> {
  fetch(id: number): Promise<R>;
  save(id: number | null, body: B): Promise<R>;
  upload(id: number, file: File): Promise<R>;
  removeMedia(id: number): Promise<R>;
}

interface AttachedRecordDialogOptions<R extends AttachedRecord, V extends FieldValues, B> {
  open: boolean;
  /** null: a new record. */
  id: number | null;
  /** The record's query key, with its id after it. */
  queryKey: string;
  texts: RecordDialogTexts;
  api: AttachedRecordApi<R, B>;
  resolver: Resolver<V, unknown, B>;
  /** Module-level functions: the form of a new record, and of a stored one. */
  emptyForm(): V;
  toFormValues(record: R): V;
  onSaved(record: R): void;
  onClose(): void;
}

/**
 * The state of a dialog that adds or edits a record with one attachment: the record read afresh
 * on opening, the form, a chosen file uploaded after the save (the save stands if the upload
 * fails) and the removal of the stored attachment.
 */
export function useAttachedRecordDialog<R extends AttachedRecord, V extends FieldValues, B>(options: AttachedRecordDialogOptions<R, V, B>) {
  const { open, id, queryKey, texts, api, resolver, emptyForm, toFormValues, onSaved, onClose } = options;
  const { t } = useTranslation();
  const editing = id !== null;
  // always fresh on opening: someone else may have changed it meanwhile
  const loaded = useQuery({ queryKey: [queryKey, id], queryFn: () => api.fetch(id!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const [stored, setStored] = useState<R | null>(null);
  const [pending, setPending] = useState<File | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const form = useForm<V, unknown, B>({ resolver, defaultValues: emptyForm() as DefaultValues<V> });
  const { reset } = form;

  useEffect(() => {
    if (!open) return;
    setPending(null);
    setStored(editing ? (loaded.data ?? null) : null);
    reset(editing && loaded.data ? toFormValues(loaded.data) : emptyForm());
  }, [open, editing, loaded.data, reset, toFormValues, emptyForm]);

  const save = useMutation({
    mutationFn: async (body: B) => {
      const saved = await api.save(id, body);
      if (!pending) return saved;
      try {
        return await api.upload(saved.id, pending);
      } catch (err) {
        toast.error(t(`${texts}.dialog.uploadFailed`));
        toastError(err);
        return saved;
      }
    },
    onSuccess: (saved) => {
      toast.success(t(`${texts}.saved`));
      onSaved(saved);
      onClose();
    },
  });

  const removeStored = useMutation({
    mutationFn: () => api.removeMedia(id!),
    onSuccess: (record) => {
      setStored(record);
      onSaved(record);
      toast.info(t(`${texts}.dialog.attachmentRemoved`));
    },
  });

  const busy = save.isPending || removeStored.isPending;
  return {
    form,
    texts,
    editing,
    loading: editing && loaded.isPending,
    failed: editing && loaded.isError,
    busy,
    saving: save.isPending,
    submit: form.handleSubmit((body) => save.mutate(body)),
    /** The attachment picker's props. */
    attachment: {
      storedName: stored?.mediaName ?? null,
      pending,
      disabled: busy,
      onPick: setPending,
      onClearPending: () => setPending(null),
      onRemoveStored: () => setConfirmRemove(true),
    },
    /** The confirmation before the stored attachment is removed. */
    confirmRemove: { open: confirmRemove, onConfirm: () => removeStored.mutate(), onClose: () => setConfirmRemove(false) },
  };
}
