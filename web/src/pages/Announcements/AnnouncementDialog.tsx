import type { HTMLAttributes } from "react";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MenuItem, Stack, TextField } from "@mui/material";
import ImageOutlined from "@mui/icons-material/ImageOutlined";
import { ANNOUNCEMENT_PRIORITIES } from "@balcao/common";
import { deleteAnnouncementMedia, fetchAnnouncement, saveAnnouncement, uploadAnnouncementMedia, type AnnouncementRecord } from "../../api/announcements";
import { PRIORITY_KEY } from "../../components/announcementPriority";
import { fieldError } from "../../components/formFields";
import { AttachmentPicker } from "../../components/recordDialog/AttachmentPicker";
import { RecordFormDialog } from "../../components/recordDialog/RecordFormDialog";
import { useAttachedRecordDialog } from "../../hooks/useAttachedRecordDialog";
import { announcementResolver, attachmentProblem, emptyAnnouncementForm, toAnnouncementFormValues } from "./announcementForm";

const announcementApi = { fetch: fetchAnnouncement, save: saveAnnouncement, upload: uploadAnnouncementMedia, removeMedia: deleteAnnouncementMedia };

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
  const state = useAttachedRecordDialog({
    open,
    id: announcementId,
    queryKey: "announcement",
    texts: "announcements",
    api: announcementApi,
    resolver: announcementResolver,
    emptyForm: emptyAnnouncementForm,
    toFormValues: toAnnouncementFormValues,
    onSaved,
    onClose,
  });
  const { register, control, formState } = state.form;
  const refuse = (file: File) => {
    const problem = attachmentProblem(file);
    return problem && t(`announcements.dialog.${problem}`);
  };
  return (
    <RecordFormDialog open={open} onClose={onClose} state={state} testIdPrefix="announcement">
      <TextField
        label={t("announcements.dialog.title")}
        required
        autoFocus
        fullWidth
        {...register("title")}
        {...fieldError(formState.errors.title)}
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
        {...fieldError(formState.errors.text)}
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
              <MenuItem value="active" data-testid="announcement-status-option-active">
                {t("announcements.active")}
              </MenuItem>
              <MenuItem value="inactive" data-testid="announcement-status-option-inactive">
                {t("announcements.inactive")}
              </MenuItem>
            </TextField>
          )}
        />
      </Stack>
      <AttachmentPicker {...state.attachment} texts="announcements" testIdPrefix="announcement" icon={<ImageOutlined />} accept=".png,.jpg,.jpeg,image/png,image/jpeg" refuse={refuse} />
    </RecordFormDialog>
  );
}
