import { Controller, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { MenuItem, Stack, TextField } from "@mui/material";
import { ASSIGNMENT_MODES, type QueueBody } from "@balcao/common";
import { useTranslation } from "react-i18next";
import { ColorField } from "../../components/ColorField";
import { fieldError, muiRegister } from "../../components/formFields";
import type { QueueFormValues } from "./queueForm";
import type { NamedRef } from "./queuesApi";

interface QueueDataFieldsProps {
  register: UseFormRegister<QueueFormValues>;
  control: Control<QueueFormValues, unknown, QueueBody>;
  errors: FieldErrors<QueueFormValues>;
  prompts: NamedRef[];
  integrations: NamedRef[];
}

/** The 'Dados da Fila' tab: name, colour, order, prompt, integration and the two messages. */
export function QueueDataFields({ register, control, errors, prompts, integrations }: QueueDataFieldsProps) {
  const { t } = useTranslation();
  const refSelect = (name: "promptId" | "integrationId", label: string, options: NamedRef[]) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField select label={label} {...field} fullWidth slotProps={{ htmlInput: { "data-testid": `queue-${name}` } }}>
          <MenuItem value="">{t("queues.dialog.none")}</MenuItem>
          {options.map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.name}
            </MenuItem>
          ))}
          {field.value && !options.some((o) => String(o.id) === field.value) && <MenuItem value={field.value}>#{field.value}</MenuItem>}
        </TextField>
      )}
    />
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField {...muiRegister(register("name"))} label={t("queues.dialog.name")} autoFocus fullWidth {...fieldError(errors.name)} slotProps={{ htmlInput: { "data-testid": "queue-name" } }} />
        <Controller
          name="color"
          control={control}
          render={({ field }) => (
            <ColorField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.color?.message}
              testId="queue"
              texts={{ label: t("queues.dialog.color"), hint: t("queues.dialog.colorHint"), pick: t("queues.dialog.pickColor"), palette: t("queues.dialog.palette") }}
            />
          )}
        />
        <TextField
          {...muiRegister(register("orderQueue"))}
          label={t("queues.dialog.orderQueue")}
          sx={{ minWidth: 180 }}
          {...fieldError(errors.orderQueue)}
          slotProps={{ htmlInput: { "data-testid": "queue-order", inputMode: "numeric" } }}
        />
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {refSelect("promptId", t("queues.dialog.prompt"), prompts)}
        {refSelect("integrationId", t("queues.dialog.integration"), integrations)}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        {(["slaFirstResponseMinutes", "slaResolutionMinutes"] as const).map((name) => (
          <TextField
            key={name}
            {...muiRegister(register(name))}
            label={t(name === "slaFirstResponseMinutes" ? "sla.firstResponseMinutes" : "sla.resolutionMinutes")}
            fullWidth
            {...fieldError(errors[name])}
            helperText={errors[name]?.message ?? t("sla.queueTargetsHint")}
            slotProps={{ htmlInput: { "data-testid": `queue-${name}`, inputMode: "numeric" } }}
          />
        ))}
      </Stack>
      <Controller
        name="assignmentMode"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={t("queues.dialog.assignmentMode")}
            {...field}
            fullWidth
            helperText={errors.assignmentMode?.message ?? t(`queues.dialog.assignmentModeHint.${field.value}`)}
            error={!!errors.assignmentMode}
            slotProps={{ htmlInput: { "data-testid": "queue-assignmentMode" } }}
          >
            {ASSIGNMENT_MODES.map((mode) => (
              <MenuItem key={mode} value={mode} data-testid={`queue-assignmentMode-${mode}`}>
                {t(`queues.dialog.assignmentModes.${mode}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...muiRegister(register("greetingMessage"))}
        label={t("queues.dialog.greetingMessage")}
        multiline
        minRows={3}
        fullWidth
        {...fieldError(errors.greetingMessage)}
        slotProps={{ htmlInput: { "data-testid": "queue-greeting" } }}
      />
      <TextField
        {...muiRegister(register("outOfHoursMessage"))}
        label={t("queues.dialog.outOfHoursMessage")}
        multiline
        minRows={3}
        fullWidth
        {...fieldError(errors.outOfHoursMessage)}
        slotProps={{ htmlInput: { "data-testid": "queue-out-of-hours" } }}
      />
    </Stack>
  );
}
