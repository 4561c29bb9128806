import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { Box, Button, CircularProgress, Paper, Stack, TextField, Typography } from "@mui/material";
import { externalApiTextForm } from "@balcao/common";
import { fieldError, muiRegister } from "../../components/formFields";
import { sendTextMessage } from "./messagesApiClient";
import { toastSendError, toastSent } from "./sendFeedback";
import { RecipientFields } from "./RecipientFields";

/** 'Mensagem de texto': sends a real message through the typed connection token. */
export function TextSendForm() {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(externalApiTextForm), defaultValues: { token: "", number: "", body: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await sendTextMessage(values);
      toastSent();
      reset({ ...getValues(), body: "" });
    } catch (err) {
      toastSendError(err);
    }
  });

  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {t("messagesApi.textFormTitle")}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="api-text-form">
        <Stack spacing={2}>
          <RecipientFields token={register("token")} number={register("number")} errors={errors} testIdPrefix="api-text" />
          <TextField
            {...muiRegister(register("body"))}
            label={t("messagesApi.message")}
            required
            fullWidth
            multiline
            minRows={3}
            {...fieldError(errors.body)}
            slotProps={{ htmlInput: { "data-testid": "api-text-body" } }}
          />
          <Box>
            <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="api-text-send" startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
              {isSubmitting ? t("messagesApi.sending") : t("messagesApi.send")}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
