import { useState } from "react";
import { Box, IconButton, Stack, Tooltip, Typography } from "@mui/material";
import { CheckOutlined, ContentCopyOutlined } from "@mui/icons-material";
import { useTranslation } from "react-i18next";

/** Where Meta sends a Cloud API connection's webhooks (server: channels/cloud/webhook.ts). */
export const cloudCallbackUrl = (whatsappId: number) => `${window.location.origin}/webhooks/whatsapp-cloud/${whatsappId}`;

function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      /* clipboard unavailable (insecure origin): the text stays selectable */
    }
  };
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, bgcolor: "action.hover", borderRadius: 1, pl: 1.5, pr: 0.5, py: 0.5 }}>
        <Box component="code" data-testid={testId} sx={{ flex: 1, fontFamily: "monospace", fontSize: 13, wordBreak: "break-all" }}>
          {value}
        </Box>
        <Tooltip title={copied ? t("connections.cloud.copied") : t("connections.cloud.copy")}>
          <span>
            <IconButton size="small" onClick={copy} disabled={!value} aria-label={`${t("connections.cloud.copy")}: ${label}`} data-testid={`${testId}-copy`}>
              {copied ? <CheckOutlined fontSize="small" /> : <ContentCopyOutlined fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}

/** The callback URL and verify token to paste in Meta's app dashboard. */
export function CloudWebhookInfo({ whatsappId, verifyToken }: { whatsappId: number; verifyToken: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} data-testid="connection-cloud-webhook">
      <Typography variant="subtitle2">{t("connections.cloud.webhookTitle")}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t("connections.cloud.webhookHelp")}
      </Typography>
      <CopyLine label={t("connections.cloud.callbackUrl")} value={cloudCallbackUrl(whatsappId)} testId="connection-cloud-callback" />
      <CopyLine label={t("connections.cloud.verifyToken")} value={verifyToken} testId="connection-cloud-verify-value" />
    </Stack>
  );
}
