import { useTranslation } from "react-i18next";
import { Chip, IconButton, Paper, Stack, Tooltip, Typography } from "@mui/material";
import HistoryIcon from "@mui/icons-material/History";
import type { WebhookEndpointView } from "@balcao/common";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import { eventLabel, WebhookStatusChip } from "./WebhookStatusChip";

interface WebhookEndpointCardProps {
  endpoint: WebhookEndpointView;
  onDeliveries(): void;
  onEdit(): void;
  onDelete(): void;
}

/** One endpoint: its URL, events, whether it is on, and how its last delivery went. */
export function WebhookEndpointCard({ endpoint, onDeliveries, onEdit, onDelete }: WebhookEndpointCardProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="webhook-endpoint" data-endpoint-id={endpoint.id}>
      <Stack spacing={1}>
        <Stack direction="row" alignItems="flex-start" gap={1}>
          <Typography variant="subtitle2" sx={{ flexGrow: 1, wordBreak: "break-all" }} data-testid="webhook-endpoint-url">
            {endpoint.url}
          </Typography>
          <Stack direction="row" sx={{ flexShrink: 0 }}>
            <Tooltip title={t("webhooks.actions.deliveries")}>
              <IconButton size="small" onClick={onDeliveries} aria-label={t("webhooks.actions.deliveries")} data-testid="webhook-endpoint-deliveries">
                <HistoryIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <EditRowButton label={t("webhooks.actions.edit")} testId="webhook-endpoint-edit" onClick={onEdit} />
            <DeleteRowButton label={t("webhooks.actions.delete")} testId="webhook-endpoint-delete" onClick={onDelete} />
          </Stack>
        </Stack>
        <Stack direction="row" gap={0.5} flexWrap="wrap">
          {endpoint.events.map((type) => (
            <Chip key={type} size="small" label={eventLabel(t, type)} title={type} />
          ))}
        </Stack>
        <Stack direction="row" gap={1} alignItems="center" flexWrap="wrap">
          <Chip size="small" color={endpoint.enabled ? "primary" : "default"} label={endpoint.enabled ? t("webhooks.enabled") : t("webhooks.disabled")} data-testid="webhook-endpoint-enabled" />
          {endpoint.lastDelivery ? (
            <Stack direction="row" gap={0.5} alignItems="center">
              <Typography variant="caption" color="text.secondary">
                {t("webhooks.lastDelivery")}
              </Typography>
              <WebhookStatusChip status={endpoint.lastDelivery.status} testId="webhook-endpoint-last-status" />
            </Stack>
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t("webhooks.noDelivery")}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ ml: "auto" }}>
            {t("webhooks.secretEnding", { last4: endpoint.secretLast4 })}
          </Typography>
        </Stack>
      </Stack>
    </Paper>
  );
}
