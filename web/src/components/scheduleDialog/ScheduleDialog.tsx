import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import axios from "axios";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from "@mui/material";
import { canChangeSchedule, isScheduleSent, type ScheduleView } from "@balcao/common";
import { toastError } from "../../api/errors";
import { useSessionUser } from "../../app/authContext";
import { ContactPicker } from "../ContactPicker";
import { DateTimeField } from "../dates/DateFields";
import { muiRegister } from "../formFields";
import { formatDateTime } from "../../i18n/format";
import { ScheduleMediaField } from "./ScheduleMediaField";
import { newScheduleValues, scheduleErrorKey, scheduleFailureKey, scheduleResolver, toScheduleFormValues, type ScheduleFormValues } from "./scheduleForm";
import { upsertSchedule, type SchedulePages } from "../../api/scheduleCache";
import { deleteScheduleMedia, fetchContactCloudConnection, fetchSchedule, saveSchedule, scheduleKeys, uploadScheduleMedia, type ContactRef } from "../../api/schedules";
import { TemplateChoice } from "../TemplateChoice";
import { choiceOfTemplate, NO_TEMPLATE, templateOfChoice, type TemplateChoiceValue } from "../templateChoiceValues";

export interface ScheduleDialogProps {
  open: boolean;
  /** null: a new schedule. */
  scheduleId: number | null;
  /** A new schedule's contact, chosen beforehand (from a ticket or `?contactId=`). */
  contact?: ContactRef | null;
  /** Opened from a ticket: the schedule belongs to it and its contact is fixed. */
  ticketId?: number | null;
  onClose(): void;
  onSaved?(schedule: ScheduleView): void;
}

const VARIABLES = "{{firstName}}, {{name}}, {{ms}}, {{protocol}}, {{hora}}";

/** Adds or edits a scheduled message; used by the schedules calendar and the ticket options. */
export function ScheduleDialog({ open, scheduleId, contact: presetContact = null, ticketId = null, onClose, onSaved }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const editing = scheduleId !== null;
  const record = useQuery({ queryKey: scheduleKeys.one(scheduleId ?? 0), queryFn: () => fetchSchedule(scheduleId!), enabled: open && editing, staleTime: 0 });
  const schedule = editing ? record.data : undefined;
  const [contact, setContact] = useState<ContactRef | null>(presetContact);
  const [file, setFile] = useState<File | null>(null);
  const [template, setTemplate] = useState<TemplateChoiceValue>(NO_TEMPLATE);
  const [templateError, setTemplateError] = useState<string | undefined>();
  // a contact written to on a Cloud API connection may get an approved template, sent outside the 24-hour window
  const cloud = useQuery({ queryKey: ["contacts", contact?.id ?? 0, "cloudConnection"], queryFn: () => fetchContactCloudConnection(contact!.id), enabled: open && Boolean(contact), staleTime: 0 });
  const cloudId = contact ? (cloud.data ?? null) : null;
  const { register, control, handleSubmit, reset, formState } = useForm<ScheduleFormValues>({ resolver: scheduleResolver, defaultValues: newScheduleValues(presetContact?.id ?? null) });

  // fresh values on every opening (and once an edited schedule has loaded)
  const loadedId = schedule?.id;
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setTemplateError(undefined);
    if (editing) {
      if (schedule) {
        reset(toScheduleFormValues(schedule));
        setTemplate(choiceOfTemplate(schedule.template));
        setContact(schedule.contact);
      }
      return;
    }
    reset(newScheduleValues(presetContact?.id ?? null));
    setTemplate(NO_TEMPLATE);
    setContact(presetContact);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the record's id: its later updates (live events) must not wipe the user's edits
  }, [open, editing, loadedId, presetContact?.id, reset]);

  const remember = (saved: ScheduleView, created: boolean) => {
    queryClient.setQueryData(scheduleKeys.one(saved.id), saved);
    for (const q of queryClient.getQueryCache().findAll({ queryKey: scheduleKeys.lists })) {
      queryClient.setQueryData<SchedulePages>(q.queryKey, (data) => upsertSchedule(data, saved, created && !q.queryKey[2]));
    }
  };

  const save = useMutation({
    mutationFn: async (values: ScheduleFormValues) => {
      const body = { body: values.body, contactId: values.contactId!, sendAt: new Date(values.sendAt).toISOString(), ticketId: schedule?.ticketId ?? ticketId, template: cloudId ? templateOfChoice(template) : null };
      let saved = await saveSchedule(scheduleId, body);
      if (file) {
        // the schedule is kept even when its image could not go with it
        saved = await uploadScheduleMedia(saved.id, file).catch((err) => {
          toastError(err);
          return saved;
        });
      }
      return saved;
    },
    onSuccess: (saved) => {
      remember(saved, !editing);
      toast.success(t("scheduledMessages.dialog.saved"));
      onSaved?.(saved);
      onClose();
    },
    onError: (err) => {
      // the server's refusal of the template shows under its select
      const body = axios.isAxiosError<{ field?: string; message?: string }>(err) ? err.response?.data : undefined;
      if (body?.field?.startsWith("template")) setTemplateError(body.message ?? "");
    },
  });

  const removeMedia = useMutation({
    mutationFn: () => deleteScheduleMedia(scheduleId!),
    onSuccess: (saved) => {
      remember(saved, false);
      toast.success(t("scheduledMessages.dialog.mediaDeleted"));
    },
  });

  const sent = schedule ? isScheduleSent(schedule) : false;
  const readOnly = sent || (schedule ? !canChangeSchedule(me, schedule) : false);
  const title = !schedule
    ? t("scheduledMessages.dialog.titleNew")
    : schedule.status === "ERRO"
      ? t("scheduledMessages.dialog.titleError")
      : schedule.status === "ENVIADA"
        ? t("scheduledMessages.dialog.titleSent")
        : t("scheduledMessages.dialog.titlePending");
  const errorText = (message?: string) => {
    const key = scheduleErrorKey(message);
    return key ? t(key) : undefined;
  };
  const loading = editing && record.isPending;
  const failed = editing && record.isError;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="schedule-dialog">
      <DialogTitle data-testid="schedule-dialog-title">{title}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
        <DialogContent dividers>
          {loading && (
            <Stack alignItems="center" sx={{ py: 4 }}>
              <CircularProgress size={28} aria-label={t("common.loading")} />
            </Stack>
          )}
          {failed && <Alert severity="error">{t("scheduledMessages.dialog.loadFailed")}</Alert>}
          {!loading && !failed && (
            <Stack spacing={2}>
              {schedule?.status === "ERRO" && (
                <Alert severity="error" data-testid="schedule-failure">
                  {schedule.failure && <strong>{t(scheduleFailureKey(schedule.failure)!, { code: schedule.failure })}. </strong>}
                  {t("scheduledMessages.dialog.errorHint")}
                </Alert>
              )}
              {sent && schedule?.sentAt && (
                <Alert severity="success" data-testid="schedule-sent-at">
                  {t("scheduledMessages.dialog.sentAt", { date: formatDateTime(schedule.sentAt) })}
                </Alert>
              )}
              <Controller
                control={control}
                name="contactId"
                render={({ field, fieldState }) => (
                  <ContactPicker
                    value={contact}
                    onChange={(next) => {
                      setContact(next);
                      field.onChange(next?.id ?? null);
                    }}
                    error={errorText(fieldState.error?.message)}
                    disabled={readOnly || Boolean(ticketId && !editing)}
                    testId="schedule-contact"
                    texts={{
                      label: t("scheduledMessages.dialog.contact"),
                      hint: t("scheduledMessages.dialog.contactHint"),
                      searching: t("scheduledMessages.dialog.searching"),
                      noContacts: t("scheduledMessages.dialog.noContacts"),
                    }}
                  />
                )}
              />
              <TextField
                {...muiRegister(register("body"))}
                label={t("scheduledMessages.dialog.body")}
                multiline
                minRows={4}
                fullWidth
                disabled={readOnly}
                error={Boolean(formState.errors.body)}
                helperText={errorText(formState.errors.body?.message) ?? t("scheduledMessages.dialog.bodyHint", { variables: VARIABLES })}
                slotProps={{ htmlInput: { "data-testid": "schedule-body" } }}
              />
              {cloudId !== null && (
                <TemplateChoice
                  whatsappId={cloudId}
                  value={template}
                  onChange={setTemplate}
                  disabled={readOnly}
                  error={templateError}
                  intro={t("scheduledMessages.dialog.templateIntro")}
                  variableHint={t("scheduledMessages.dialog.bodyHint", { variables: VARIABLES })}
                  testId="schedule"
                />
              )}
              <Controller
                control={control}
                name="sendAt"
                render={({ field, fieldState }) => (
                  <DateTimeField
                    label={t("scheduledMessages.dialog.sendAt")}
                    value={field.value}
                    onChange={field.onChange}
                    fullWidth
                    disabled={readOnly}
                    error={Boolean(fieldState.error)}
                    helperText={errorText(fieldState.error?.message)}
                    testId="schedule-send-at"
                  />
                )}
              />
              <ScheduleMediaField name={file?.name ?? schedule?.mediaName ?? null} disabled={readOnly} removing={removeMedia.isPending} onPick={setFile} onRemove={() => (file ? setFile(null) : removeMedia.mutate())} />
              {schedule?.user && (
                <Typography variant="caption" color="text.secondary">
                  {t("scheduledMessages.dialog.createdBy", { name: schedule.user.name })}
                </Typography>
              )}
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="schedule-cancel">
            {readOnly ? t("common.close") : t("common.cancel")}
          </Button>
          {!readOnly && !loading && !failed && (
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="schedule-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {t("scheduledMessages.dialog.save")}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
