import { Controller, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { Grid, MenuItem, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../components/dates/DateFields";
import { fieldError, muiRegister } from "../../components/formFields";
import type { CampaignFormValues } from "./campaignForm";
import { NO_TAG, validateName } from "./campaignForm";
import type { CampaignOptions } from "./useCampaignOptions";

type SelectName = "confirmation" | "contactListId" | "tagListId" | "whatsappId" | "fileListId";

interface CampaignFieldsProps {
  control: Control<CampaignFormValues>;
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
  options: CampaignOptions;
  disabled: boolean;
}

/** The campaign's settings: name, confirmation, contact list, tag, connection, schedule and file list. */
export function CampaignFields({ control, register, errors, options, disabled }: CampaignFieldsProps) {
  const { t } = useTranslation();
  const select = (name: SelectName, label: string, items: { value: string; label: string }[]) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={disabled}
          {...fieldError(errors[name])}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": `campaign-field-${name}` } as object } }}
        >
          {items.map((item) => (
            <MenuItem key={item.value} value={item.value} data-testid={`campaign-option-${name}-${item.value || "none"}`}>
              {item.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
  const none = { value: "", label: t("campaigns.dialog.none") };
  const named = (list: { id: number; name: string }[]) => list.map((o) => ({ value: String(o.id), label: o.name }));

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField
          {...muiRegister(register("name", { validate: validateName }))}
          label={t("campaigns.dialog.name")}
          fullWidth
          size="small"
          disabled={disabled}
          {...fieldError(errors.name)}
          slotProps={{ htmlInput: { "data-testid": "campaign-name", maxLength: 60 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        {select("confirmation", t("campaigns.dialog.confirmation"), [
          { value: "false", label: t("campaigns.dialog.confirmationOff") },
          { value: "true", label: t("campaigns.dialog.confirmationOn") },
        ])}
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("contactListId", t("campaigns.dialog.contactList"), [none, ...named(options.contactLists)])}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("tagListId", t("campaigns.dialog.tagList"), [{ value: NO_TAG, label: t("campaigns.dialog.noTag") }, ...named(options.tags)])}</Grid>
      <Grid size={{ xs: 12, sm: 4 }}>{select("whatsappId", t("campaigns.dialog.connection"), [none, ...named(options.connections)])}</Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          name="scheduledAt"
          control={control}
          render={({ field }) => (
            <DateTimeField
              label={t("campaigns.dialog.scheduledAt")}
              value={field.value}
              onChange={field.onChange}
              testId="campaign-scheduled-at"
              size="small"
              fullWidth
              disabled={disabled}
              {...fieldError(errors.scheduledAt)}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>{select("fileListId", t("campaigns.dialog.fileList"), [none, ...named(options.fileLists)])}</Grid>
    </Grid>
  );
}
