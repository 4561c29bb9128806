import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from "@mui/material";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";

/** The secret the server made for a new endpoint, shown this once with a copy button. */
export function WebhookSecretDialog({ secret, onClose }: { secret: string | null; onClose(): void }) {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? "").then(
      () => toast.success(t("webhooks.secretShown.copied")),
      () => undefined,
    );
  };
  return (
    <Dialog open={secret !== null} onClose={onClose} maxWidth="sm" fullWidth data-testid="webhook-secret-dialog">
      <DialogTitle>{t("webhooks.secretShown.title")}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Alert severity="warning">{t("webhooks.secretShown.text")}</Alert>
          <TextField value={secret ?? ""} fullWidth slotProps={{ htmlInput: { readOnly: true, "data-testid": "webhook-secret-value", style: { fontFamily: "monospace" } } }} onFocus={(e) => e.target.select()} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t("webhooks.secretShown.copy")}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="webhook-secret-done">
          {t("webhooks.secretShown.done")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
