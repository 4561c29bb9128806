import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { CampaignSettings } from "@balcao/common";
import { estimatedSendSeconds, type CampaignFormValues } from "./campaignForm";

export interface PaceWarning {
  values: CampaignFormValues;
  contacts: number;
  pace: CampaignSettings;
}

interface PaceWarningDialogProps {
  warning: PaceWarning | null;
  onCancel(): void;
  onConfirm(): void;
}

/** Before a scheduled campaign goes through a WhatsApp Web connection: the pace, the list's size and how long it takes. */
export function PaceWarningDialog({ warning, onCancel, onConfirm }: PaceWarningDialogProps) {
  const { t } = useTranslation();
  const seconds = warning ? estimatedSendSeconds(warning.contacts, warning.pace) : 0;
  const minutes = Math.ceil(seconds / 60);
  const duration = minutes < 60 ? t("campaigns.dialog.minutes", { count: minutes }) : t("campaigns.dialog.hours", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  return (
    <Dialog open={warning !== null} onClose={onCancel} maxWidth="xs" fullWidth data-testid="campaign-pace-warning">
      <DialogTitle>{t("campaigns.dialog.paceTitle")}</DialogTitle>
      <DialogContent>
        <Alert severity="warning">
          {warning &&
            t("campaigns.dialog.paceMessage", {
              count: warning.contacts,
              interval: warning.pace.messageInterval,
              greater: warning.pace.greaterInterval,
              after: warning.pace.longerIntervalAfter,
              duration,
            })}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} data-testid="campaign-pace-cancel">
          {t("common.cancel")}
        </Button>
        <Button variant="contained" color="warning" onClick={onConfirm} data-testid="campaign-pace-confirm">
          {t("campaigns.dialog.paceConfirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
