import { Alert, Button, Grid, Skeleton } from "@mui/material";
import { useTranslation } from "react-i18next";
import { SETTING_OPTIONS, type OptionSettingKey, type SettingItem } from "@balcao/common";
import { settingValue } from "../../api/hooks";
import { useSessionUser } from "../../app/authContext";
import { AsaasField } from "./AsaasField";
import { SettingSelect } from "./SettingSelect";
import { TimeZoneField } from "./TimeZoneField";
import { SlaTargetField } from "./SlaTargetField";
import { TwoFactorPolicy } from "./TwoFactorPolicy";

const OPTION_KEYS = Object.keys(SETTING_OPTIONS) as OptionSettingKey[];

interface OptionsTabProps {
  settings: SettingItem[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry(): void;
}

/** Every option of the company, each saved on change. */
export function OptionsTab({ settings, loading, failed, onRetry }: OptionsTabProps) {
  const { t } = useTranslation();
  const user = useSessionUser();

  if (failed && !settings) {
    return (
      <Alert severity="error" action={<Button onClick={onRetry}>{t("common.retry")}</Button>}>
        {t("settings.loadFailed")}
      </Alert>
    );
  }

  return (
    <Grid container spacing={2} data-testid="settings-options">
      {OPTION_KEYS.map((key) => (
        <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
          {loading ? <Skeleton variant="rounded" height={40} /> : <SettingSelect settingKey={key} value={settingValue(settings, key)} />}
        </Grid>
      ))}
      <Grid size={{ xs: 12, sm: 6, md: 4 }}>{loading ? <Skeleton variant="rounded" height={40} /> : <TimeZoneField value={settingValue(settings, "timeZone")} />}</Grid>
      {(["slaFirstResponseMinutes", "slaResolutionMinutes"] as const).map((key) => (
        <Grid key={key} size={{ xs: 12, sm: 6, md: 4 }}>
          {loading ? <Skeleton variant="rounded" height={40} /> : <SlaTargetField settingKey={key} value={settingValue(settings, key)} />}
        </Grid>
      ))}
      <Grid size={{ xs: 12 }}>
        <TwoFactorPolicy />
      </Grid>
      {user.super && <Grid size={{ xs: 12, md: 8 }}>{loading ? <Skeleton variant="rounded" height={40} /> : <AsaasField value={settingValue(settings, "asaas")} />}</Grid>}
    </Grid>
  );
}
