import { useEffect, useState, type HTMLAttributes } from "react";
import { Controller, useForm } from "react-hook-form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { ANNOUNCEMENT_PRIORITIES, type AnnouncementBody } from "@balcao/common";
import { toastError } from "../../api/errors";
import { deleteAnnouncementMedia, fetchAnnouncement, saveAnnouncement, uploadAnnouncementMedia, type AnnouncementRecord } from "../../api/announcements";
import { PRIORITY_KEY } from "../../components/announcementPriority";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { FullPageLoader } from "../../components/FullPageLoader";
import { translateValidation } from "../../i18n/validation";
import { AnnouncementAttachment } from "./AnnouncementAttachment";
import { announcementResolver, emptyAnnouncementForm, toAnnouncementFormValues, type AnnouncementFormValues } from "./announcementForm";

interface AnnouncementDialogProps {
  open: boolean;
  /** null: a new announcement. */
  announcementId: number | null;
  onClose(): void;
  onSaved(record: AnnouncementRecord): void;
}

/** Adds or edits an announcement: title, text, priority, status and one image (uploaded after the save). */
export function AnnouncementDialog({ open, announcementId, onClose, onSaved }: AnnouncementDialogProps) {
  const { t } = useTranslation();
  const editing = announcementId !== null;
  const loaded = useQuery({ queryKey: ["announcement", announcementId], queryFn: () => fetchAnnouncement(announcementId!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const [stored, setStored] = useState<AnnouncementRecord | null>(null);
  const [pending, setPending] = useState<File | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const { register, control, handleSubmit, reset, formState } = useForm<AnnouncementFormValues, unknown, AnnouncementBody>({
    resolver: announcementResolver,
    defaultValues: emptyAnnouncementForm(),
  });

  useEffect(() => {
    if (!open) return;
    setPending(null);
    setStored(editing ? (loaded.data ?? null) : null);
    reset(editing && loaded.data ? toAnnouncementFormValues(loaded.data) : emptyAnnouncementForm());
  }, [open, editing, loaded.data, reset]);

  const save = useMutation({
    mutationFn: async (body: AnnouncementBody) => {
      const saved = await saveAnnouncement(announcementId, body);
      if (!pending) return saved;
      try {
        return await uploadAnnouncementMedia(saved.id, pending);
      } catch (err) {
        toast.error(t("announcements.dialog.uploadFailed"));
        toastError(err);
        return saved;
      }
    },
    onSuccess: (saved) => {
      toast.success(t("announcements.saved"));
      onSaved(saved);
      onClose();
    },
  });

  const removeStored = useMutation({
    mutationFn: () => deleteAnnouncementMedia(announcementId!),
    onSuccess: (record) => {
      setStored(record);
      onSaved(record);
      toast.info(t("announcements.dialog.attachmentRemoved"));
    },
  });

  const busy = save.isPending || removeStored.isPending;
  const loading = editing && loaded.isPending;
  const failed = editing && loaded.isError;
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="announcement-dialog">
      <DialogTitle>{editing ? t("announcements.dialog.editTitle") : t("announcements.dialog.addTitle")}</DialogTitle>
      <DialogContent dividers>
        {loading && <FullPageLoader inline />}
        {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
        {!loading && !failed && (
          <form id="announcement-form" noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
            <Stack spacing={2}>
              <TextField
                label={t("announcements.dialog.title")}
                required
                autoFocus
                fullWidth
                {...register("title")}
                error={!!formState.errors.title}
                helperText={translateValidation(formState.errors.title?.message)}
                slotProps={{ htmlInput: { "data-testid": "announcement-title", maxLength: 200 } }}
              />
              <TextField
                label={t("announcements.dialog.text")}
                required
                multiline
                minRows={4}
                maxRows={12}
                fullWidth
                {...register("text")}
                error={!!formState.errors.text}
                helperText={translateValidation(formState.errors.text?.message)}
                slotProps={{ htmlInput: { "data-testid": "announcement-text" } }}
              />
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <Controller
                  name="priority"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      label={t("announcements.dialog.priority")}
                      value={field.value}
                      onChange={(e) => field.onChange(Number(e.target.value))}
                      slotProps={{ select: { SelectDisplayProps: { "data-testid": "announcement-priority" } as HTMLAttributes<HTMLDivElement> } }}
                    >
                      {ANNOUNCEMENT_PRIORITIES.map((p) => (
                        <MenuItem key={p} value={p} data-testid={`announcement-priority-option-${p}`}>
                          {t(`announcements.priorities.${PRIORITY_KEY[p]}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Controller
                  name="status"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      select
                      fullWidth
                      label={t("announcements.dialog.status")}
                      value={field.value ? "active" : "inactive"}
                      onChange={(e) => field.onChange(e.target.value === "active")}
                      slotProps={{ select: { SelectDisplayProps: { "data-testid": "announcement-status" } as HTMLAttributes<HTMLDivElement> } }}
                    >
                      <MenuItem value="active" data-testid="announcement-status-option-active">{t("announcements.active")}</MenuItem>
                      <MenuItem value="inactive" data-testid="announcement-status-option-inactive">{t("announcements.inactive")}</MenuItem>
                    </TextField>
                  )}
                />
              </Stack>
              <AnnouncementAttachment
                storedName={stored?.mediaName ?? null}
                pending={pending}
                disabled={busy}
                onPick={setPending}
                onClearPending={() => setPending(null)}
                onRemoveStored={() => setConfirmRemove(true)}
              />
            </Stack>
          </form>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="announcement-cancel">
          {t("common.cancel")}
        </Button>
        <Button type="submit" form="announcement-form" variant="contained" disabled={busy || loading || failed} data-testid="announcement-save">
          {save.isPending ? <CircularProgress size={22} color="inherit" aria-label={t("common.saving")} /> : t("common.save")}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmRemove}
        title={t("common.deleteConfirmTitle")}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => removeStored.mutate()}
        onClose={() => setConfirmRemove(false)}
      />
    </Dialog>
  );
}
