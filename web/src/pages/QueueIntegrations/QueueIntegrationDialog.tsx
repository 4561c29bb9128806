import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from "@mui/material";
import { QUEUE_INTEGRATION_TYPES, queueIntegrationBody, TYPEBOT_DEFAULTS, type QueueIntegrationBody, type QueueIntegrationFormInput, type QueueIntegrationRecord, type QueueIntegrationType } from "@balcao/common";
import { FullPageLoader } from "../../components/FullPageLoader";
import { fieldError, muiRegister } from "../../components/formFields";
import { IntegrationTypeFields } from "./IntegrationTypeFields";
import { fetchQueueIntegration, saveQueueIntegration, testDialogflowSession } from "./queueIntegrationsApi";

interface Props {
  open: boolean;
  /** null: a new integration. */
  integrationId: number | null;
  onClose(): void;
  onSaved(record: QueueIntegrationRecord): void;
}

const EMPTY: QueueIntegrationFormInput = {
  name: "",
  type: "typebot",
  projectName: "",
  jsonContent: "",
  language: "pt-BR",
  urlN8N: "",
  secret: "",
  typebotSlug: "",
  typebotExpires: TYPEBOT_DEFAULTS.typebotExpires,
  typebotDelayMessage: TYPEBOT_DEFAULTS.typebotDelayMessage,
  typebotKeywordFinish: "",
  typebotKeywordRestart: "",
  typebotRestartMessage: "",
  typebotUnknownMessage: "",
};

/** The form of a stored record: its secrets stay on the server (empty keeps them). */
const formOf = (r: QueueIntegrationRecord): QueueIntegrationFormInput => ({ ...EMPTY, ...r, language: r.language || "pt-BR", jsonContent: "", secret: "" });

/** Adds or edits a queue integration; the fields follow the type (administration §3, §6). */
export function QueueIntegrationDialog({ open, integrationId, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const editing = integrationId !== null;
  const record = useQuery({ queryKey: ["queueIntegrations", "record", integrationId], queryFn: () => fetchQueueIntegration(integrationId!), enabled: open && editing, gcTime: 0, staleTime: 0 });
  const { register, control, handleSubmit, reset, watch, getValues, formState } = useForm<QueueIntegrationFormInput, unknown, QueueIntegrationBody>({ resolver: zodResolver(queueIntegrationBody), defaultValues: EMPTY });
  const [secret, setSecret] = useState<string | null>(null);
  const type = watch("type") as QueueIntegrationType;

  useEffect(() => {
    if (!open) return;
    setSecret(null);
    reset(editing && record.data ? formOf(record.data) : EMPTY);
  }, [open, editing, record.data, reset]);

  const save = useMutation({
    mutationFn: (body: QueueIntegrationFormInput) => saveQueueIntegration(integrationId, body),
    onSuccess: ({ secret: created, ...saved }) => {
      toast.success(t("queueIntegrations.saved"));
      onSaved(saved);
      // a new signing secret is shown once, for the receiver's configuration
      if (created) setSecret(created);
      else onClose();
    },
  });

  const test = useMutation({
    mutationFn: () => {
      const v = getValues();
      return testDialogflowSession({ projectName: v.projectName ?? "", jsonContent: v.jsonContent ?? "", language: v.language ?? "pt-BR" });
    },
    onSuccess: (answer) => (answer.ok ? toast.success(t("queueIntegrations.testOk", { reply: answer.messages.join(" ") })) : toast.error(t("queueIntegrations.testFailed"))),
  });

  const loading = editing && record.isPending;
  const failed = editing && record.isError;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth scroll="paper" data-testid="integration-dialog">
      <DialogTitle>{editing ? t("queueIntegrations.dialog.editTitle") : t("queueIntegrations.dialog.addTitle")}</DialogTitle>
      <form noValidate onSubmit={handleSubmit(() => save.mutate(getValues()))}>
        <DialogContent dividers>
          {loading && <FullPageLoader inline />}
          {failed && <Alert severity="error">{t("common.loadFailed")}</Alert>}
          {secret && (
            <Alert severity="info" data-testid="integration-secret">
              {t("queueIntegrations.dialog.secretOnce")} <strong>{secret}</strong>
            </Alert>
          )}
          {!loading && !failed && !secret && (
            <Stack spacing={2}>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
                <Controller
                  name="type"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      select
                      label={t("queueIntegrations.dialog.type")}
                      size="small"
                      sx={{ minWidth: 160 }}
                      value={field.value ?? ""}
                      onChange={field.onChange}
                      {...fieldError(formState.errors.type)}
                      slotProps={{ select: { SelectDisplayProps: { "data-testid": "integration-type" } as object } }}
                    >
                      {QUEUE_INTEGRATION_TYPES.map((k) => (
                        <MenuItem key={k} value={k} data-testid={`integration-type-${k}`}>
                          {t(`queueIntegrations.types.${k}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <TextField
                  {...muiRegister(register("name"))}
                  label={t("queueIntegrations.dialog.name")}
                  size="small"
                  fullWidth
                  autoFocus
                  {...fieldError(formState.errors.name)}
                  slotProps={{ htmlInput: { "data-testid": "integration-name" } }}
                />
              </Stack>
              <IntegrationTypeFields type={type} register={register} control={control} errors={formState.errors} storedSecret={record.data?.secretLast4 ?? null} storedAccount={record.data?.clientEmail ?? null} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
          {type === "dialogflow" && !secret && (
            <Button onClick={() => test.mutate()} disabled={test.isPending} data-testid="integration-test" startIcon={test.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {t("queueIntegrations.dialog.test")}
            </Button>
          )}
          <Button onClick={onClose} data-testid="integration-cancel">
            {secret ? t("common.close") : t("common.cancel")}
          </Button>
          {!secret && (
            <Button type="submit" variant="contained" disabled={loading || failed || save.isPending} data-testid="integration-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {save.isPending ? t("common.saving") : t("common.save")}
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
