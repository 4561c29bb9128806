import { useMemo } from "react";
import { Autocomplete, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { useUpdateSetting } from "../../api/hooks";

/** Every IANA zone the browser knows; the server validates the same names. */
const zones = () => (typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : []);

/** The company's time zone (business hours, dashboard, reports), saved when chosen; cleared: the server's. */
export function TimeZoneField({ value }: { value: string }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const options = useMemo(() => ["", ...zones()], []);

  return (
    <Autocomplete
      size="small"
      options={options}
      value={value}
      disabled={mutation.isPending}
      getOptionLabel={(zone) => (zone ? zone.replaceAll("_", " ") : t("settings.values.timeZone.server"))}
      onChange={(_, zone) => {
        const next = zone ?? "";
        if (next !== value) mutation.mutate({ key: "timeZone", value: next }, { onSuccess: () => toast.success(t("settings.updated")) });
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("settings.fields.timeZone")}
          helperText={mutation.isPending ? t("settings.updating") : t("settings.hints.timeZone")}
          slotProps={{ htmlInput: { ...params.inputProps, "data-testid": "setting-timeZone" } }}
        />
      )}
    />
  );
}
