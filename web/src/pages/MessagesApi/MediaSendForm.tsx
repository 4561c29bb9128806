import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { Box, Button, CircularProgress, FormHelperText, Paper, Stack, TextField, Typography } from "@mui/material";
import { AttachFileOutlined } from "@mui/icons-material";
import { externalApiMediaForm } from "@balcao/common";
import { fieldError, muiRegister } from "../../components/formFields";
import { translateValidation } from "../../i18n/validation";
import { sendMediaMessage } from "./messagesApiClient";
import { toastSendError, toastSent } from "./sendFeedback";
import { RecipientFields } from "./RecipientFields";

/** 'Mensagem com mídia': one file with an optional caption, sent as multipart. */
export function MediaSendForm() {
  const { t } = useTranslation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(externalApiMediaForm), defaultValues: { token: "", number: "", body: "", file: undefined } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendMediaMessage(values);
      toastSent();
    } catch (err) {
      toastSendError(err);
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {t("messagesApi.mediaFormTitle")}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="api-media-form">
        <Stack spacing={2}>
          <RecipientFields token={register("token")} number={register("number")} errors={errors} testIdPrefix="api-media" />
          <TextField {...muiRegister(register("body"))} label={t("messagesApi.caption")} fullWidth multiline minRows={2} {...fieldError(errors.body)} slotProps={{ htmlInput: { "data-testid": "api-media-body" } }} />
          <Controller
            control={control}
            name="file"
            render={({ field }) => (
              <Box>
                <Stack direction="row" spacing={1.5} alignItems="center">
                  <Button component="label" variant="outlined" startIcon={<AttachFileOutlined />}>
                    {t("messagesApi.chooseFile")}
                    <input hidden type="file" name={field.name} data-testid="api-media-file" onChange={(e) => field.onChange(e.target.files?.[0])} />
                  </Button>
                  <Typography variant="body2" color={field.value ? "text.primary" : "text.secondary"} noWrap data-testid="api-media-file-name">
                    {field.value instanceof File ? field.value.name : t("messagesApi.noFile")}
                  </Typography>
                </Stack>
                {errors.file && <FormHelperText error>{translateValidation(errors.file.message)}</FormHelperText>}
              </Box>
            )}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="api-media-send" startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
              {isSubmitting ? t("messagesApi.sending") : t("messagesApi.send")}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
