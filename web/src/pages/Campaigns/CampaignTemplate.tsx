import { useEffect } from "react";
import { Controller, type Control, type FieldErrors, type UseFormGetValues, type UseFormRegister, type UseFormSetValue, useWatch } from "react-hook-form";
import { Grid, MenuItem, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fieldError, muiRegister } from "../../components/formFields";
import { fetchConnectionTemplates } from "./campaignsApi";
import { templateVariableCount, type CampaignFormValues } from "./campaignForm";

interface CampaignTemplateProps {
  control: Control<CampaignFormValues>;
  register: UseFormRegister<CampaignFormValues>;
  getValues: UseFormGetValues<CampaignFormValues>;
  setValue: UseFormSetValue<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
  whatsappId: number;
  disabled: boolean;
}

/**
 * On a Cloud API connection the campaign writes first, outside any service window: it sends one of
 * the connection's approved templates, each variable a text that may hold the contact's {placeholders}.
 */
export function CampaignTemplate({ control, register, getValues, setValue, errors, whatsappId, disabled }: CampaignTemplateProps) {
  const { t } = useTranslation();
  const templates = useQuery({ queryKey: ["campaigns", "options", "templates", whatsappId], queryFn: () => fetchConnectionTemplates(whatsappId), staleTime: 0 });
  const approved = (templates.data ?? []).filter((x) => x.status === "APPROVED");
  const chosen = useWatch({ control, name: "templateKey" });
  const template = approved.find((x) => `${x.name}|${x.language}` === chosen);
  const count = templateVariableCount(template?.components.find((c) => c.type.toUpperCase() === "BODY")?.text);
  // one value a variable of the chosen template, none left over from another
  useEffect(() => {
    if (!template) return;
    const values = getValues("templateVariables");
    if (values.length !== count)
      setValue(
        "templateVariables",
        Array.from({ length: count }, (_, i) => values[i] ?? ""),
      );
  }, [template, count, getValues, setValue]);
  return (
    <Grid container spacing={2} data-testid="campaign-template">
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          {t("campaigns.template.intro")}
        </Typography>
      </Grid>
      <Grid size={12}>
        <Controller
          name="templateKey"
          control={control}
          render={({ field }) => (
            <TextField
              select
              fullWidth
              size="small"
              label={t("campaigns.template.label")}
              value={field.value}
              onChange={field.onChange}
              disabled={disabled}
              {...fieldError(errors.templateKey)}
              slotProps={{ select: { SelectDisplayProps: { "data-testid": "campaign-field-template" } as object } }}
            >
              <MenuItem value="">{t("campaigns.template.none")}</MenuItem>
              {approved.map((x) => (
                <MenuItem key={`${x.name}|${x.language}`} value={`${x.name}|${x.language}`} data-testid={`campaign-option-template-${x.name}-${x.language}`}>
                  {x.name} ({x.language})
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Grid>
      {Array.from({ length: count }, (_, i) => (
        <Grid key={i} size={{ xs: 12, sm: 6 }}>
          <TextField
            {...muiRegister(register(`templateVariables.${i}`))}
            label={t("campaigns.template.variable", { n: i + 1 })}
            fullWidth
            size="small"
            disabled={disabled}
            helperText={i === 0 ? t("campaigns.template.variableHint") : undefined}
            slotProps={{ htmlInput: { "data-testid": `campaign-template-variable-${i + 1}` } }}
          />
        </Grid>
      ))}
    </Grid>
  );
}
