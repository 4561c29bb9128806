import { useEffect, useState } from "react";
import { CircularProgress, InputAdornment, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { useUpdateSetting } from "../../api/hooks";

/** The payment provider's token (super users only), saved when the field is left or Enter is pressed. */
export function AsaasField({ value }: { value: string }) {
  const { t } = useTranslation();
  const mutation = useUpdateSetting();
  const [draft, setDraft] = useState(value);

  useEffect(() => setDraft(value), [value]);

  const save = () => {
    if (draft === value || mutation.isPending) return;
    mutation.mutate({ key: "asaas", value: draft }, { onSuccess: () => toast.success(t("settings.updated")) });
  };

  return (
    <TextField
      fullWidth
      size="small"
      label={t("settings.fields.asaas")}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === "Enter") save();
      }}
      helperText={mutation.isPending ? t("settings.updating") : t("settings.hints.asaas")}
      autoComplete="off"
      slotProps={{
        htmlInput: { "data-testid": "setting-asaas" },
        input: mutation.isPending
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <CircularProgress size={18} />
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  );
}
