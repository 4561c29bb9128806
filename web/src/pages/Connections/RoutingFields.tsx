import { Box, Chip, MenuItem, TextField } from "@mui/material";
import { Controller, type Control, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { QueueRef, WhatsappBody } from "@balcao/common";
import { muiRegister } from "../../components/formFields";
import type { ConnectionFormValues } from "./connectionForm";
import type { PromptRef } from "../../api/prompts";
import type { IntegrationRef } from "../../api/queueIntegrationOptions";

interface RoutingFieldsProps {
  control: Control<ConnectionFormValues, unknown, WhatsappBody>;
  register: UseFormRegister<ConnectionFormValues>;
  queues: QueueRef[];
  prompts: PromptRef[];
  integrations: IntegrationRef[];
}

const minutes = { htmlInput: { min: 0, step: 1 } };

/** Queues, AI prompt, integration, transfer after N minutes and ticket expiry. */
export function RoutingFields({ control, register, queues, prompts, integrations }: RoutingFieldsProps) {
  const { t } = useTranslation();
  const queueOf = (id: number) => queues.find((q) => q.id === id);
  return (
    <>
      <Controller
        name="queueIds"
        control={control}
        render={({ field }) => (
          <TextField
            select
            label={t("connections.form.queues")}
            value={field.value}
            onChange={(e) => field.onChange(Array.isArray(e.target.value) ? (e.target.value as unknown[]).map(Number) : [])}
            helperText={queues.length === 0 ? t("connections.form.noQueues") : undefined}
            disabled={queues.length === 0}
            slotProps={{
              htmlInput: { "data-testid": "connection-queues" },
              select: {
                multiple: true,
                renderValue: (selected) => (
                  <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                    {(selected as number[]).map((id) => (
                      <Chip key={id} size="small" label={queueOf(id)?.name ?? id} sx={{ bgcolor: queueOf(id)?.color, color: queueOf(id) ? "#fff" : undefined }} />
                    ))}
                  </Box>
                ),
              },
            }}
          >
            {queues.map((q) => (
              <MenuItem key={q.id} value={q.id}>
                {q.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="promptId"
        control={control}
        render={({ field }) => (
          <TextField select label={t("connections.form.prompt")} {...field} slotProps={{ htmlInput: { "data-testid": "connection-prompt" } }}>
            <MenuItem value="">{t("connections.form.none")}</MenuItem>
            {prompts.map((p) => (
              <MenuItem key={p.id} value={String(p.id)}>
                {p.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Controller
        name="integrationId"
        control={control}
        render={({ field }) => (
          <TextField select label={t("connections.form.integration")} {...field} slotProps={{ htmlInput: { "data-testid": "connection-integration" } }}>
            <MenuItem value="">{t("connections.form.none")}</MenuItem>
            {integrations.map((i) => (
              <MenuItem key={i.id} value={String(i.id)}>
                {i.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 2fr" } }}>
        <TextField
          {...muiRegister(register("timeToTransfer"))}
          type="number"
          label={t("connections.form.timeToTransfer")}
          slotProps={{ ...minutes, htmlInput: { ...minutes.htmlInput, "data-testid": "connection-time-to-transfer" } }}
        />
        <Controller
          name="transferQueueId"
          control={control}
          render={({ field }) => (
            <TextField select label={t("connections.form.transferQueue")} {...field} slotProps={{ htmlInput: { "data-testid": "connection-transfer-queue" } }}>
              <MenuItem value="">{t("connections.form.none")}</MenuItem>
              {queues.map((q) => (
                <MenuItem key={q.id} value={String(q.id)}>
                  {q.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <TextField {...muiRegister(register("expiresTicket"))} type="number" label={t("connections.form.expiresTicket")} slotProps={{ htmlInput: { ...minutes.htmlInput, "data-testid": "connection-expires-ticket" } }} />
        <TextField
          {...muiRegister(register("expiresInactiveMessage"))}
          label={t("connections.form.expiresInactiveMessage")}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { "data-testid": "connection-expires-message" } }}
        />
      </Box>
    </>
  );
}
