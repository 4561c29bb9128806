import { useState } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, Skeleton, Stack, Typography, useMediaQuery, useTheme } from "@mui/material";
import ReplayIcon from "@mui/icons-material/Replay";
import type { WebhookDeliveryView, WebhookEndpointView } from "@balcao/common";
import { formatDateAs } from "../../i18n/format";
import { eventLabel, WebhookStatusChip } from "./WebhookStatusChip";
import { fetchWebhookDeliveries, retryWebhookDelivery, webhookDeliveriesKey, webhookEndpointsKey } from "./webhooksApi";

/** How often the open log looks for new deliveries and outcomes. */
const REFRESH_MS = 3_000;

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 96 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

function DeliveryRow({ delivery, onRetry, retrying }: { delivery: WebhookDeliveryView; onRetry(): void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} sx={{ py: 1.5 }} data-testid="webhook-delivery" data-delivery-id={delivery.id}>
      <Stack direction="row" alignItems="center" gap={1} flexWrap="wrap">
        <WebhookStatusChip status={delivery.status} testId="webhook-delivery-status" />
        <Typography variant="body2" fontWeight={600} sx={{ flexGrow: 1 }}>
          {eventLabel(t, delivery.eventType)}{" "}
          <Typography component="span" variant="caption" color="text.secondary">
            {delivery.eventType} · #{delivery.eventId}
          </Typography>
        </Typography>
        <Button size="small" startIcon={<ReplayIcon />} onClick={onRetry} disabled={retrying} data-testid="webhook-delivery-retry">
          {t("webhooks.deliveries.sendAgain")}
        </Button>
      </Stack>
      <Stack direction="row" gap={2} flexWrap="wrap">
        <Fact label={t("webhooks.deliveries.time")} value={formatDateAs(delivery.createdAt, "dateTimeSeconds")} />
        <Fact label={t("webhooks.deliveries.code")} value={delivery.responseCode === null ? t("webhooks.deliveries.noCode") : String(delivery.responseCode)} testId="webhook-delivery-code" />
        <Fact label={t("webhooks.deliveries.attempts")} value={String(delivery.attempts)} testId="webhook-delivery-attempts" />
        {delivery.nextAttemptAt && <Fact label={t("webhooks.deliveries.nextTry")} value={formatDateAs(delivery.nextAttemptAt, "dateTimeSeconds")} />}
      </Stack>
      {delivery.lastError && delivery.status !== "succeeded" && (
        <Typography variant="caption" color="error" sx={{ wordBreak: "break-word" }}>
          {delivery.lastError}
        </Typography>
      )}
    </Stack>
  );
}

/** An endpoint's deliveries log, newest first, a page at a time, refreshed while open; "send again" on each. */
export function WebhookDeliveriesDialog({ endpoint, onClose }: { endpoint: WebhookEndpointView | null; onClose(): void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const id = endpoint?.id ?? 0;
  const log = useQuery({
    queryKey: webhookDeliveriesKey(id, page),
    queryFn: () => fetchWebhookDeliveries(id, page),
    enabled: endpoint !== null,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (deliveryId: number) => retryWebhookDelivery(id, deliveryId),
    onSuccess: () => {
      toast.success(t("webhooks.deliveries.sentAgain"));
      void queryClient.invalidateQueries({ queryKey: webhookEndpointsKey });
    },
  });
  const close = () => {
    setPage(1);
    onClose();
  };

  return (
    <Dialog open={endpoint !== null} onClose={close} maxWidth="md" fullWidth fullScreen={fullScreen} data-testid="webhook-deliveries-dialog">
      <DialogTitle sx={{ pb: 0.5 }}>{t("webhooks.deliveries.title")}</DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1, wordBreak: "break-all" }}>
        {endpoint?.url}
      </Typography>
      <DialogContent dividers>
        {log.isPending && <Skeleton variant="rounded" height={160} data-testid="webhook-deliveries-loading" />}
        {log.isError && (
          <Alert severity="error" action={<Button onClick={() => void log.refetch()}>{t("common.retry")}</Button>}>
            {t("common.loadFailed")}
          </Alert>
        )}
        {log.data && log.data.deliveries.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }} data-testid="webhook-deliveries-empty">
            {t("webhooks.deliveries.empty")}
          </Typography>
        )}
        {log.data?.deliveries.map((d, i) => (
          <Box key={d.id}>
            {i > 0 && <Divider />}
            <DeliveryRow delivery={d} retrying={retry.isPending && retry.variables === d.id} onRetry={() => retry.mutate(d.id)} />
          </Box>
        ))}
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        {(page > 1 || log.data?.hasMore) && (
          <>
            <Button disabled={page === 1} onClick={() => setPage((p) => p - 1)} data-testid="webhook-deliveries-newer">
              {t("webhooks.deliveries.next")}
            </Button>
            <Typography variant="caption" color="text.secondary">
              {t("webhooks.deliveries.page", { page })}
            </Typography>
            <Button disabled={!log.data?.hasMore} onClick={() => setPage((p) => p + 1)} data-testid="webhook-deliveries-older">
              {t("webhooks.deliveries.previous")}
            </Button>
          </>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={close} variant="contained">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
