import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import axios from "axios";
import {
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { createWebhookEndpointBody, WEBHOOK_EVENT_TYPES, type CreateWebhookEndpointBody, type CreatedWebhookEndpoint, type WebhookEndpointFormInput, type WebhookEndpointView } from "@balcao/common";
import { toastError } from "../../api/errors";
import { fieldError, muiRegister } from "../../components/formFields";
import { eventLabel } from "./WebhookStatusChip";
import { createWebhookEndpoint, updateWebhookEndpoint } from "./webhooksApi";

interface WebhookDialogProps {
  open: boolean;
  /** null: a new endpoint. */
  endpoint: WebhookEndpointView | null;
  onClose(): void;
  /** `secret` is set when the server made one: shown once. */
  onSaved(saved: CreatedWebhookEndpoint): void;
}

const EMPTY: WebhookEndpointFormInput = { url: "", events: [], secret: "", enabled: true };

/** Adds or edits an endpoint: URL, the events it receives, an optional secret, enabled. */
export function WebhookDialog({ open, endpoint, onClose, onSaved }: WebhookDialogProps) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const editing = endpoint !== null;
  const { register, control, handleSubmit, reset, setError, formState } = useForm<WebhookEndpointFormInput, unknown, CreateWebhookEndpointBody>({
    resolver: zodResolver(createWebhookEndpointBody),
    defaultValues: EMPTY,
  });

  useEffect(() => {
    if (open) reset(endpoint ? { url: endpoint.url, events: endpoint.events, secret: "", enabled: endpoint.enabled } : EMPTY);
  }, [open, endpoint, reset]);

  const save = useMutation({
    meta: { silent: true },
    mutationFn: (body: CreateWebhookEndpointBody) =>
      editing ? updateWebhookEndpoint(endpoint.id, { url: body.url, events: body.events, enabled: body.enabled, ...(body.secret ? { secret: body.secret } : {}) }) : createWebhookEndpoint(body),
    onSuccess: (saved) => {
      toast.success(t("webhooks.saved"));
      onSaved(saved);
      onClose();
    },
    onError: (err) => {
      const field = axios.isAxiosError<{ field?: string }>(err) ? err.response?.data?.field : undefined;
      if (field === "url") setError("url", { message: t("webhooks.dialog.urlRefused") });
      else toastError(err);
    },
  });

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth fullScreen={fullScreen} data-testid="webhook-dialog">
      <DialogTitle>{editing ? t("webhooks.dialog.editTitle") : t("webhooks.dialog.addTitle")}</DialogTitle>
      <form noValidate onSubmit={handleSubmit((body) => save.mutate(body))}>
        <DialogContent dividers>
          <Stack spacing={2}>
            <TextField
              {...muiRegister(register("url"))}
              label={t("webhooks.dialog.url")}
              placeholder="https://"
              autoFocus
              fullWidth
              {...fieldError(formState.errors.url, t("webhooks.dialog.urlHint"))}
              slotProps={{ htmlInput: { "data-testid": "webhook-url", inputMode: "url" } }}
            />
            <Controller
              name="events"
              control={control}
              render={({ field, fieldState }) => (
                <FormControl fullWidth error={!!fieldState.error}>
                  <InputLabel id="webhook-events-label">{t("webhooks.dialog.events")}</InputLabel>
                  <Select
                    labelId="webhook-events-label"
                    multiple
                    value={field.value ?? []}
                    onChange={(e) => field.onChange(typeof e.target.value === "string" ? e.target.value.split(",") : e.target.value)}
                    input={<OutlinedInput label={t("webhooks.dialog.events")} />}
                    renderValue={(selected) => (
                      <Stack direction="row" flexWrap="wrap" gap={0.5}>
                        {selected.map((type) => (
                          <Chip key={type} size="small" label={eventLabel(t, type)} />
                        ))}
                      </Stack>
                    )}
                    data-testid="webhook-events"
                    MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
                  >
                    {WEBHOOK_EVENT_TYPES.map((type) => (
                      <MenuItem key={type} value={type} data-testid={`webhook-event-${type}`}>
                        <Checkbox size="small" checked={(field.value ?? []).includes(type)} />
                        <ListItemText primary={eventLabel(t, type)} secondary={type} />
                      </MenuItem>
                    ))}
                  </Select>
                  <FormHelperText>{fieldError(fieldState.error, t("webhooks.dialog.eventsHint")).helperText}</FormHelperText>
                </FormControl>
              )}
            />
            <TextField
              {...muiRegister(register("secret"))}
              label={t("webhooks.dialog.secret")}
              fullWidth
              autoComplete="off"
              {...fieldError(formState.errors.secret, editing ? t("webhooks.dialog.secretEditHint") : t("webhooks.dialog.secretNewHint"))}
              slotProps={{ htmlInput: { "data-testid": "webhook-secret", spellCheck: false } }}
            />
            <Controller
              name="enabled"
              control={control}
              render={({ field }) => (
                <FormControlLabel
                  control={<Switch checked={field.value ?? true} onChange={(e) => field.onChange(e.target.checked)} slotProps={{ input: { "data-testid": "webhook-enabled" } as never }} />}
                  label={t("webhooks.dialog.enabled")}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="webhook-cancel">
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="webhook-save" startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {save.isPending ? t("common.saving") : t("common.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
