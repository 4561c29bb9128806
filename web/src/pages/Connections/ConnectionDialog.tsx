import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Stack, Switch, TextField } from "@mui/material";
import { CHANNELS, type WhatsappBody } from "@balcao/common";
import { fetchQueues } from "../../api/resources";
import { queryKeys } from "../../api/queryKeys";
import { errorCode, toastError } from "../../api/errors";
import { FullPageLoader } from "../../components/FullPageLoader";
import { fieldError, muiRegister } from "../../components/formFields";
import { connectionResolver, emptyConnectionForm, toFormValues, type ConnectionFormValues } from "./connectionForm";
import { fetchConnection, saveConnection, type ConnectionRecord } from "./connectionsApi";
import { usePromptOptions } from "../../hooks/usePromptOptions";
import { useIntegrationOptions } from "../../hooks/useIntegrationOptions";
import { useSessionUser } from "../../app/authContext";
import { CloudFields } from "./CloudFields";
import { CloudWebhookInfo } from "./CloudWebhookInfo";
import { MessageFields } from "./MessageFields";
import { RoutingFields } from "./RoutingFields";
import axios from "axios";

interface ConnectionDialogProps {
  open: boolean;
  /** null: a new connection. */
  connectionId: number | null;
  onClose(): void;
  onSaved(record: ConnectionRecord): void;
}

const refusedField = (err: unknown) => (axios.isAxiosError<{ field?: string }>(err) ? err.response?.data?.field : undefined);

/** Adds or edits a connection: every field of the spec's dialog. */
export function ConnectionDialog({ open, connectionId, onClose, onSaved }: ConnectionDialogProps) {
  const { t } = useTranslation();
  const editing = connectionId !== null;
  const record = useQuery({ queryKey: ["connection", connectionId], queryFn: () => fetchConnection(connectionId!), enabled: open && editing, gcTime: 0 });
  const queues = useQuery({ queryKey: queryKeys.queues, queryFn: fetchQueues, enabled: open });
  const prompts = usePromptOptions(open);
  const integrations = useIntegrationOptions(open);
  const [channelRefused, setChannelRefused] = useState(false);
  /** A cloud connection just added: the dialog stays open on its webhook settings. */
  const [created, setCreated] = useState<{ id: number; verifyToken: string } | null>(null);
  const isSuper = useSessionUser().super;

  const { register, control, handleSubmit, reset, setError, formState, watch } = useForm<ConnectionFormValues, unknown, WhatsappBody>({
    resolver: connectionResolver,
    defaultValues: emptyConnectionForm,
  });

  useEffect(() => {
    if (!open) return;
    setChannelRefused(false);
    setCreated(null);
    reset(editing ? (record.data ? toFormValues(record.data) : emptyConnectionForm) : emptyConnectionForm);
  }, [open, editing, record.data, reset]);

  const save = useMutation({
    mutationFn: (body: WhatsappBody) => saveConnection(connectionId, body),
    meta: { silent: true },
    onSuccess: (saved, body) => {
      toast.success(t("connections.saved"));
      onSaved(saved);
      if (!editing && saved.channel === "cloud") return setCreated({ id: saved.id, verifyToken: saved.cloud?.verifyToken || body.cloud?.verifyToken || "" });
      onClose();
    },
    onError: (err) => {
      if (errorCode(err) === "ERR_VALIDATION" && refusedField(err) === "channel") return setChannelRefused(true);
      if (errorCode(err) === "ERR_WAPP_GREETING_REQUIRED") setError("greetingMessage", { message: t("errors.ERR_WAPP_GREETING_REQUIRED") });
      toastError(err);
    },
  });

  const channel = watch("channel");
  const loading = editing && record.isPending;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth scroll="paper" data-testid="connection-dialog">
      <DialogTitle>{editing ? t("connections.form.editTitle") : t("connections.form.addTitle")}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((body) => save.mutate(body))} style={{ display: "contents" }}>
        <DialogContent dividers>
          {loading && <FullPageLoader inline />}
          {editing && record.isError && <Alert severity="error">{t("common.loadFailed")}</Alert>}
          {created && (
            <Stack spacing={2} data-testid="connection-cloud-created">
              <Alert severity="success">{t("connections.cloud.created")}</Alert>
              <CloudWebhookInfo whatsappId={created.id} verifyToken={created.verifyToken} />
            </Stack>
          )}
          {!created && !loading && !(editing && record.isError) && (
            <Stack spacing={2}>
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }}>
                <TextField
                  {...muiRegister(register("name"))}
                  label={t("connections.form.name")}
                  autoFocus
                  sx={{ flex: 2 }}
                  {...fieldError(formState.errors.name)}
                  slotProps={{ htmlInput: { "data-testid": "connection-name" } }}
                />
                <Controller
                  name="channel"
                  control={control}
                  render={({ field }) => (
                    <TextField
                      select
                      label={t("connections.form.channel")}
                      {...field}
                      onChange={(e) => {
                        setChannelRefused(false);
                        field.onChange(e);
                      }}
                      disabled={editing}
                      sx={{ flex: 1 }}
                      slotProps={{ htmlInput: { "data-testid": "connection-channel" } }}
                    >
                      {CHANNELS.map((kind) => (
                        <MenuItem key={kind} value={kind} data-testid={`connection-channel-${kind}`}>
                          {t(`connections.channels.${kind}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
                <Controller
                  name="isDefault"
                  control={control}
                  render={({ field }) => (
                    <FormControlLabel
                      label={t("connections.form.isDefault")}
                      control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { "data-testid": "connection-default" } as object }} />}
                    />
                  )}
                />
              </Stack>
              {channelRefused && (
                <Alert severity="info" data-testid="connection-channel-refused">
                  {t("connections.form.channelNextRelease", { channel: t(`connections.channels.${channel}`) })}
                </Alert>
              )}
              {channel === "cloud" && <CloudFields register={register} control={control} errors={formState.errors} connectionId={connectionId} advanced={isSuper} />}
              <MessageFields register={register} control={control} errors={formState.errors} />
              <RoutingFields control={control} register={register} queues={queues.data ?? []} prompts={prompts.data ?? []} integrations={integrations.data ?? []} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          {created ? (
            <Button variant="contained" onClick={onClose} data-testid="connection-close">
              {t("common.close")}
            </Button>
          ) : (
            <>
              <Button onClick={onClose} data-testid="connection-cancel">
                {t("common.cancel")}
              </Button>
              <Button type="submit" variant="contained" disabled={loading || save.isPending} data-testid="connection-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
                {save.isPending ? t("common.saving") : t("common.save")}
              </Button>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
