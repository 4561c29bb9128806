import { CircularProgress, FormControl, FormHelperText, InputLabel, MenuItem, Select, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { SETTING_OPTIONS, type OptionSettingKey } from "@balcao/common";
import { useUpdateSetting } from "../../api/hooks";
import { translateDynamic } from "../../i18n/dynamic";

interface SettingSelectProps {
  settingKey: OptionSettingKey;
  value: string;
}

/** One company setting with fixed choices, saved as soon as it changes. */
export function SettingSelect({ settingKey, value }: SettingSelectProps) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const shown = mutation.isPending && mutation.variables ? mutation.variables.value : value;
  const labelId = `setting-${settingKey}-label`;

  const change = (next: string) => {
    if (next === value) return;
    mutation.mutate({ key: settingKey, value: next }, { onSuccess: () => toast.success(t("settings.updated")) });
  };

  return (
    <FormControl fullWidth size="small">
      <InputLabel id={labelId}>{t(`settings.fields.${settingKey}`)}</InputLabel>
      <Select
        labelId={labelId}
        label={t(`settings.fields.${settingKey}`)}
        value={shown}
        onChange={(event) => change(event.target.value)}
        disabled={mutation.isPending}
        data-testid={`setting-${settingKey}`}
        endAdornment={mutation.isPending ? <CircularProgress size={18} sx={{ mr: 3 }} data-testid={`setting-${settingKey}-saving`} /> : undefined}
      >
        {SETTING_OPTIONS[settingKey].map((option) => (
          <MenuItem key={option} value={option} data-testid={`setting-${settingKey}-${option}`}>
            {translateDynamic(`settings.values.${settingKey}.${option}`, option)}
          </MenuItem>
        ))}
        {!SETTING_OPTIONS[settingKey].some((option) => option === shown) && (
          <MenuItem value={shown} disabled>
            {shown}
          </MenuItem>
        )}
      </Select>
      <Stack direction="row" sx={{ minHeight: 20 }}>
        {mutation.isPending && <FormHelperText>{t("settings.updating")}</FormHelperText>}
      </Stack>
    </FormControl>
  );
}
