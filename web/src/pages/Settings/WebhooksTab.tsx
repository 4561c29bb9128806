import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Button, Skeleton, Stack, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import type { WebhookEndpointView } from "@balcao/common";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { WebhookDeliveriesDialog } from "./WebhookDeliveriesDialog";
import { WebhookDialog } from "./WebhookDialog";
import { WebhookEndpointCard } from "./WebhookEndpointCard";
import { WebhookSecretDialog } from "./WebhookSecretDialog";
import { deleteWebhookEndpoint, fetchWebhookEndpoints, webhookEndpointsKey } from "./webhooksApi";

/** The Settings 'Webhooks' tab (admins): the company's endpoints, their dialogs and deliveries logs. */
export function WebhooksTab() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const endpoints = useQuery({ queryKey: webhookEndpointsKey, queryFn: fetchWebhookEndpoints });
  // the endpoint outlives `open` so the closing dialog keeps its title while it fades out
  const [editor, setEditor] = useState<{ open: boolean; endpoint: WebhookEndpointView | null }>({ open: false, endpoint: null });
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointView | null>(null);
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhookEndpointsKey });

  const remove = useMutation({
    mutationFn: (id: number) => deleteWebhookEndpoint(id),
    onSuccess: () => {
      toast.success(t("webhooks.deleted"));
      refresh();
    },
  });

  return (
    <Stack spacing={2} data-testid="settings-webhooks">
      <Stack direction={{ xs: "column", sm: "row" }} gap={1} alignItems={{ xs: "stretch", sm: "center" }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t("webhooks.intro")}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditor({ open: true, endpoint: null })} data-testid="webhooks-add">
          {t("webhooks.add")}
        </Button>
      </Stack>
      {endpoints.isPending && <Skeleton variant="rounded" height={120} data-testid="webhooks-loading" />}
      {endpoints.isError && (
        <Alert severity="error" action={<Button onClick={() => void endpoints.refetch()}>{t("common.retry")}</Button>}>
          {t("common.loadFailed")}
        </Alert>
      )}
      {endpoints.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }} data-testid="webhooks-empty">
          {t("webhooks.empty")}
        </Typography>
      )}
      {endpoints.data?.map((endpoint) => (
        <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} onDeliveries={() => setLogOf(endpoint)} onEdit={() => setEditor({ open: true, endpoint })} onDelete={() => setDeleting(endpoint)} />
      ))}
      <WebhookDialog
        open={editor.open}
        endpoint={editor.endpoint}
        onClose={() => setEditor((e) => ({ ...e, open: false }))}
        onSaved={(saved) => {
          refresh();
          if (saved.secret) setShownSecret(saved.secret);
        }}
      />
      <WebhookSecretDialog secret={shownSecret} onClose={() => setShownSecret(null)} />
      <WebhookDeliveriesDialog
        endpoint={logOf}
        onClose={() => {
          setLogOf(null);
          refresh();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t("webhooks.deleteTitle")}
        message={t("webhooks.deleteConfirm", { url: deleting?.url ?? "" })}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
