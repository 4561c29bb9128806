import { Controller, type Control, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { MenuItem, Stack, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DIALOGFLOW_LANGUAGES, type QueueIntegrationFormInput, type QueueIntegrationType } from "@balcao/common";
import { fieldError, muiRegister } from "../../components/formFields";
import type { queueIntegrationsPt } from "../../i18n/locales/queueIntegrations.pt";

type DialogKey = keyof typeof queueIntegrationsPt.dialog;

interface Props {
  type: QueueIntegrationType;
  register: UseFormRegister<QueueIntegrationFormInput>;
  control: Control<QueueIntegrationFormInput>;
  errors: FieldErrors<QueueIntegrationFormInput>;
  /** Editing a record whose secret is stored: an empty field keeps it. */
  storedSecret: string | null;
  storedAccount: string | null;
}

const input = (testId: string) => ({ htmlInput: { "data-testid": testId } });

/** The fields of the chosen type: Dialogflow's project and service account, a URL and secret, or Typebot's flow. */
export function IntegrationTypeFields({ type, register, control, errors, storedSecret, storedAccount }: Props) {
  const { t } = useTranslation();
  const f = (key: DialogKey): string => t(`queueIntegrations.dialog.${key}`);
  const text = (name: keyof QueueIntegrationFormInput, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      {...muiRegister(register(name))}
      label={label}
      fullWidth
      size="small"
      {...fieldError(errors[name] as { message?: string } | undefined, extra.hint as string | undefined)}
      slotProps={input(`integration-${name}`)}
      {...(extra.props ?? {})}
    />
  );
  if (type === "dialogflow") {
    return (
      <Stack spacing={2}>
        {text("projectName", f("projectName"))}
        <Controller
          name="language"
          control={control}
          render={({ field }) => (
            <TextField
              select
              label={f("language")}
              size="small"
              value={field.value || "pt-BR"}
              onChange={field.onChange}
              slotProps={{ select: { SelectDisplayProps: { "data-testid": "integration-language" } as object } }}
            >
              {DIALOGFLOW_LANGUAGES.map((l) => (
                <MenuItem key={l} value={l}>
                  {t(`queueIntegrations.languages.${l}`)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {text("jsonContent", f("jsonContent"), { hint: storedAccount ? t("queueIntegrations.dialog.accountStored", { email: storedAccount }) : f("jsonContentHint"), props: { multiline: true, minRows: 4, maxRows: 10 } })}
      </Stack>
    );
  }
  if (type === "typebot") {
    return (
      <Stack spacing={2}>
        {text("urlN8N", f("typebotUrl"))}
        {text("typebotSlug", f("typebotSlug"))}
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {text("typebotExpires", f("typebotExpires"), { props: { type: "number" } })}
          {text("typebotDelayMessage", f("typebotDelayMessage"), { props: { type: "number" } })}
        </Stack>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {text("typebotKeywordFinish", f("typebotKeywordFinish"))}
          {text("typebotKeywordRestart", f("typebotKeywordRestart"))}
        </Stack>
        {text("typebotRestartMessage", f("typebotRestartMessage"))}
        {text("typebotUnknownMessage", f("typebotUnknownMessage"))}
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      {text("urlN8N", f("url"))}
      {text("secret", f("secret"), { hint: storedSecret ? t("queueIntegrations.dialog.secretStored", { last4: storedSecret }) : f("secretHint") })}
    </Stack>
  );
}
