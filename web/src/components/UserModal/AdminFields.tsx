import { Box, Chip, MenuItem, TextField } from "@mui/material";
import { Controller, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ALL_TICKET_VALUES, type QueueRef, type WhatsappSummary } from "@balcao/common";
import type { UserFormValues } from "./userFormValues";

interface AdminFieldsProps {
  control: Control<UserFormValues>;
  showProfile: boolean;
  showQueues: boolean;
  whatsapps: WhatsappSummary[];
  whatsappId: string;
  onWhatsappChange(value: string): void;
  queues: QueueRef[];
  queueIds: number[];
  onQueuesChange(value: number[]): void;
}

/** Profile, allTicket, default connection and queues: for those allowed to edit them. */
export function AdminFields(props: AdminFieldsProps) {
  const { t } = useTranslation();
  const { control, showProfile, showQueues, whatsapps, whatsappId, queues, queueIds } = props;
  const queueName = (id: number) => queues.find((q) => q.id === id);
  return (
    <>
      {showProfile && (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <Controller
            name="profile"
            control={control}
            render={({ field }) => (
              <TextField select label={t("userModal.profile")} {...field} slotProps={{ htmlInput: { "data-testid": "user-profile" } }}>
                <MenuItem value="admin">{t("userModal.profiles.admin")}</MenuItem>
                <MenuItem value="user">{t("userModal.profiles.user")}</MenuItem>
                <MenuItem value="supervisor">{t("userModal.profiles.supervisor")}</MenuItem>
              </TextField>
            )}
          />
          <Controller
            name="allTicket"
            control={control}
            render={({ field }) => (
              <TextField select label={t("userModal.allTicket")} {...field}>
                {ALL_TICKET_VALUES.map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`userModal.allTicketValues.${value}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField select label={t("userModal.whatsapp")} value={whatsappId} onChange={(event) => props.onWhatsappChange(event.target.value)} sx={{ gridColumn: { sm: "1 / span 2" } }}>
            <MenuItem value="">{t("userModal.noWhatsapp")}</MenuItem>
            {whatsapps.map((w) => (
              <MenuItem key={w.id} value={String(w.id)}>
                {w.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      {showQueues && (
        <TextField
          select
          label={t("userModal.queues")}
          value={queueIds}
          helperText={queues.length === 0 ? t("userModal.noQueues") : undefined}
          disabled={queues.length === 0}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) => (
                <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
                  {(selected as number[]).map((id) => {
                    const queue = queueName(id);
                    return <Chip key={id} size="small" label={queue?.name ?? id} sx={{ bgcolor: queue?.color, color: queue ? "#fff" : undefined }} />;
                  })}
                </Box>
              ),
            },
          }}
          onChange={(event) => {
            const value = event.target.value as unknown;
            props.onQueuesChange(Array.isArray(value) ? value.map(Number) : []);
          }}
        >
          {queues.map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    </>
  );
}
