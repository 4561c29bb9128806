import { useEffect, useState } from "react";
import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { SLA_MAX_MINUTES } from "@balcao/common";
import { useUpdateSetting } from "../../api/hooks";

type SlaSettingKey = "slaFirstResponseMinutes" | "slaResolutionMinutes";

const validMinutes = (v: string) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) >= 1 && Number(v) <= SLA_MAX_MINUTES);

/** A company default SLA target in business minutes, saved on blur; empty: no target. */
export function SlaTargetField({ settingKey, value }: { settingKey: SlaSettingKey; value: string }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const valid = validMinutes(text.trim());

  const save = () => {
    const next = text.trim();
    if (!valid || next === value) return;
    mutation.mutate({ key: settingKey, value: next }, { onSuccess: () => toast.success(t("settings.updated")) });
  };

  return (
    <TextField
      size="small"
      fullWidth
      label={t(settingKey === "slaFirstResponseMinutes" ? "sla.firstResponseMinutes" : "sla.resolutionMinutes")}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={save}
      onKeyDown={(e) => e.key === "Enter" && save()}
      error={!valid}
      helperText={!valid ? t("sla.invalidMinutes") : mutation.isPending ? t("settings.updating") : t("sla.settingsHint")}
      slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": `setting-${settingKey}` } }}
    />
  );
}
