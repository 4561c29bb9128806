import { Box, Button, InputAdornment, Stack, TextField, Typography } from "@mui/material";
import type { WhatsappBody } from "@balcao/common";
import { type Control, type FieldErrors, type UseFormRegister, useController, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { fieldError, muiRegister } from "../../components/formFields";
import { generateToken, type ConnectionFormValues } from "./connectionForm";
import { CloudWebhookInfo } from "./CloudWebhookInfo";

interface CloudFieldsProps {
  register: UseFormRegister<ConnectionFormValues>;
  control: Control<ConnectionFormValues, unknown, WhatsappBody>;
  errors: FieldErrors<ConnectionFormValues>;
  /** The connection being edited (its webhook is shown); null while adding. */
  connectionId: number | null;
  /** Super users may point the connection at another Graph API address and version. */
  advanced: boolean;
}

/** The WhatsApp Cloud API settings of a connection of the "cloud" channel. */
export function CloudFields({ register, control, errors, connectionId, advanced }: CloudFieldsProps) {
  const { t } = useTranslation();
  const verify = useController({ name: "cloud.verifyToken", control });
  const [hasAccessToken, hasAppSecret] = useWatch({ control, name: ["cloud.hasAccessToken", "cloud.hasAppSecret"] });
  const e = errors.cloud;
  const secret = { type: "password", autoComplete: "new-password" } as const;
  return (
    <Stack spacing={2} sx={{ border: 1, borderColor: "divider", borderRadius: 1, p: 2 }} data-testid="connection-cloud">
      <Typography variant="subtitle1">{t("connections.cloud.title")}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t("connections.cloud.intro")}
      </Typography>
      <TextField
        {...muiRegister(register("cloud.phoneNumberId"))}
        label={t("connections.cloud.phoneNumberId")}
        fullWidth
        {...fieldError(e?.phoneNumberId)}
        slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "connection-cloud-phone" } }}
      />
      <TextField
        {...muiRegister(register("cloud.businessAccountId"))}
        label={t("connections.cloud.businessAccountId")}
        fullWidth
        {...fieldError(e?.businessAccountId, t("connections.cloud.businessAccountIdHint"))}
        slotProps={{ htmlInput: { inputMode: "numeric", "data-testid": "connection-cloud-waba" } }}
      />
      <TextField
        {...muiRegister(register("cloud.messagesPerSecond"))}
        label={t("connections.cloud.messagesPerSecond")}
        type="number"
        fullWidth
        {...fieldError(e?.messagesPerSecond, t("connections.cloud.messagesPerSecondHint"))}
        slotProps={{ htmlInput: { min: 1, max: 1000, step: 1, inputMode: "numeric", "data-testid": "connection-cloud-messages-per-second" } }}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <TextField
          {...muiRegister(register("cloud.accessToken"))}
          {...secret}
          label={t("connections.cloud.accessToken")}
          {...fieldError(e?.accessToken, hasAccessToken ? t("connections.cloud.secretKept") : undefined)}
          slotProps={{ htmlInput: { "data-testid": "connection-cloud-token" } }}
        />
        <TextField
          {...muiRegister(register("cloud.appSecret"))}
          {...secret}
          label={t("connections.cloud.appSecret")}
          {...fieldError(e?.appSecret, hasAppSecret ? t("connections.cloud.secretKept") : undefined)}
          slotProps={{ htmlInput: { "data-testid": "connection-cloud-secret" } }}
        />
      </Box>
      <TextField
        label={t("connections.cloud.verifyToken")}
        value={verify.field.value}
        onChange={verify.field.onChange}
        onBlur={verify.field.onBlur}
        inputRef={verify.field.ref}
        fullWidth
        {...fieldError(e?.verifyToken, t("connections.cloud.verifyTokenHint"))}
        slotProps={{
          htmlInput: { "data-testid": "connection-cloud-verify" },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Button size="small" onClick={() => verify.field.onChange(generateToken())} data-testid="connection-cloud-verify-generate">
                  {t("connections.form.generateToken")}
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
      {advanced && (
        <Stack spacing={1}>
          <Typography variant="subtitle2" color="text.secondary">
            {t("connections.cloud.advanced")}
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr" } }}>
            <TextField
              {...muiRegister(register("cloud.graphUrl"))}
              label={t("connections.cloud.graphUrl")}
              placeholder="https://graph.facebook.com"
              {...fieldError(e?.graphUrl, t("connections.cloud.graphUrlHint"))}
              slotProps={{ htmlInput: { "data-testid": "connection-cloud-graph-url" } }}
            />
            <TextField
              {...muiRegister(register("cloud.apiVersion"))}
              label={t("connections.cloud.apiVersion")}
              placeholder="v21.0"
              {...fieldError(e?.apiVersion)}
              slotProps={{ htmlInput: { "data-testid": "connection-cloud-api-version" } }}
            />
          </Box>
        </Stack>
      )}
      {connectionId !== null ? (
        <CloudWebhookInfo whatsappId={connectionId} verifyToken={verify.field.value} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t("connections.cloud.webhookAfterSave")}
        </Typography>
      )}
    </Stack>
  );
}
