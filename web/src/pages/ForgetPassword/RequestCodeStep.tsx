import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert, Box, Button, CircularProgress, Stack, TextField } from "@mui/material";
import { forgetPasswordParams } from "@balcao/common";
import { errorCode, errorStatus, toastError } from "../../api/errors";
import { fieldError, muiRegister } from "../../components/formFields";
import { requestResetCode } from "./passwordResetApi";

/** Step 1: the email the code goes to. */
export function RequestCodeStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [submitting, setSubmitting] = useState(false);
  const [mailUnavailable, setMailUnavailable] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgetPasswordParams), defaultValues: { email: initialEmail } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setSubmitting(true);
    try {
      await requestResetCode(email);
      toast.success(t("forgetPassword.emailSent"));
      onSent(email);
    } catch (err) {
      setSubmitting(false);
      if (errorStatus(err) === 404) {
        toast.error(t("forgetPassword.emailNotFound"));
        setError("email", { message: t("forgetPassword.emailNotFound") });
      } else if (errorCode(err) === "ERR_MAIL_NOT_CONFIGURED") setMailUnavailable(true);
      else toastError(err);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="forget-request-form">
      <Stack spacing={2}>
        {mailUnavailable && (
          <Alert severity="warning" data-testid="forget-mail-unavailable">
            {t("forgetPassword.mailUnavailable")}
          </Alert>
        )}
        <TextField
          {...muiRegister(register("email"))}
          label={t("forgetPassword.email")}
          type="email"
          autoComplete="email"
          autoFocus
          fullWidth
          {...fieldError(errors.email)}
          slotProps={{ htmlInput: { "data-testid": "forget-email" } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting}
          data-testid="forget-send-code"
          startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t("forgetPassword.sendCode")}
        </Button>
      </Stack>
    </Box>
  );
}
