import { useEffect, useState } from "react";
import { Controller, useForm, type FieldErrors } from "react-hook-form";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import axios from "axios";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Stack, Tab, Tabs, Typography } from "@mui/material";
import type { QueueBody } from "@balcao/common";
import { settingValue, useSettings } from "../../api/hooks";
import { errorCode, toastError } from "../../api/errors";
import { FullPageLoader } from "../../components/FullPageLoader";
import { SchedulesEditor, type ScheduleErrors } from "../../components/schedules/SchedulesEditor";
import { usePromptOptions } from "../../hooks/usePromptOptions";
import { QueueDataFields } from "./QueueDataFields";
import { QueueOptionsEditor } from "./options/QueueOptionsEditor";
import { emptyQueueForm, queueResolver, toQueueFormValues, type QueueFormValues } from "./queueForm";
import { fetchIntegrations, fetchQueue, saveQueue, type QueueRecord } from "./queuesApi";

interface QueueDialogProps {
  open: boolean;
  /** null: a new queue. */
  queueId: number | null;
  onClose(): void;
  onSaved(record: QueueRecord): void;
}

type DialogTab = "data" | "schedules";
const FIELDS = ["name", "color", "greetingMessage", "outOfHoursMessage", "orderQueue"] as const;
const refusedField = (err: unknown) => (axios.isAxiosError<{ field?: string }>(err) ? err.response?.data?.field : undefined);

/** Adds or edits a queue: 'Dados da Fila' with its chatbot menu, and 'Horários de Atendimento' when hours are per queue. */
export function QueueDialog({ open, queueId, onClose, onSaved }: QueueDialogProps) {
  const { t } = useTranslation();
  const editing = queueId !== null;
  const queryClient = useQueryClient();
  // always fresh on opening: another admin may have changed the queue meanwhile
  const record = useQuery({ queryKey: ["queue", queueId], queryFn: () => fetchQueue(queueId!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const settings = useSettings(open);
  const prompts = usePromptOptions(open);
  const integrations = useQuery({ queryKey: ["queueIntegrations", "options"], queryFn: fetchIntegrations, enabled: open, meta: { silent: true } });
  const schedulesEnabled = settingValue(settings.data, "scheduleType") === "queue";
  const [tab, setTab] = useState<DialogTab>("data");
  const shownTab = schedulesEnabled ? tab : "data";

  const { register, control, handleSubmit, reset, setError, formState } = useForm<QueueFormValues, unknown, QueueBody>({ resolver: queueResolver, defaultValues: emptyQueueForm() });

  useEffect(() => {
    if (!open) return;
    setTab("data");
    reset(editing && record.data ? toQueueFormValues(record.data) : emptyQueueForm());
  }, [open, editing, record.data, reset]);

  const save = useMutation({
    mutationFn: (body: QueueBody) => saveQueue(queueId, body),
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(["queue", saved.id], saved);
      toast.success(t("queues.saved"));
      onSaved(saved);
      onClose();
    },
    onError: (err) => {
      const code = errorCode(err);
      if (code === "ERR_QUEUE_COLOR_ALREADY_EXISTS") setError("color", { message: t("errors.ERR_QUEUE_COLOR_ALREADY_EXISTS") });
      const field = refusedField(err);
      if (code === "ERR_VALIDATION" && FIELDS.includes(field as never)) setError(field as (typeof FIELDS)[number], { message: t("errors.ERR_VALIDATION") });
      toastError(err);
    },
  });

  // a mistake only in the hours tab would be invisible from the data tab
  const onInvalid = (errors: FieldErrors<QueueFormValues>) => {
    if (errors.schedules && !FIELDS.some((f) => errors[f])) setTab("schedules");
  };

  const loading = editing && record.isPending;
  const failed = editing && record.isError;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="queue-dialog">
      <DialogTitle>{editing ? t("queues.dialog.editTitle") : t("queues.dialog.addTitle")}</DialogTitle>
      <Tabs value={shownTab} onChange={(_, next: DialogTab) => setTab(next)} sx={{ px: 2, borderBottom: 1, borderColor: "divider" }}>
        <Tab value="data" label={t("queues.dialog.tabData")} data-testid="queue-tab-data" />
        {schedulesEnabled && <Tab value="schedules" label={t("queues.dialog.tabSchedules")} data-testid="queue-tab-schedules" />}
      </Tabs>
      <DialogContent dividers>
        {loading && <FullPageLoader inline />}
        {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
        {!loading && !failed && (
          <Stack spacing={3}>
            <form id="queue-form" noValidate onSubmit={handleSubmit((body) => save.mutate(body), onInvalid)}>
              {shownTab === "data" ? (
                <QueueDataFields register={register} control={control} errors={formState.errors} prompts={prompts.data ?? []} integrations={integrations.data ?? []} />
              ) : (
                <Stack spacing={2}>
                  <Typography variant="body2" color="text.secondary">
                    {t("queues.dialog.schedulesHint")}
                  </Typography>
                  <Controller
                    name="schedules"
                    control={control}
                    render={({ field }) => <SchedulesEditor value={field.value} onChange={field.onChange} errors={formState.errors.schedules as ScheduleErrors} testId="queue-schedules" />}
                  />
                </Stack>
              )}
            </form>
            {shownTab === "data" && (
              <>
                <Divider />
                <QueueOptionsEditor queueId={queueId} />
              </>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="queue-cancel">
          {t("common.cancel")}
        </Button>
        <Button
          type="submit"
          form="queue-form"
          variant="contained"
          disabled={loading || failed || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="queue-save"
        >
          {save.isPending ? t("common.saving") : t("common.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
