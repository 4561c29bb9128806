import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Box, Button, CircularProgress, Stack, TextField } from "@mui/material";
import { RESET_CODE_LENGTH, resetPasswordFormSchema } from "@balcao/common";
import { toastError } from "../../api/errors";
import { PasswordField } from "../../components/PasswordField";
import { fieldError, muiRegister } from "../../components/formFields";
import { resetPassword } from "./passwordResetApi";

/** Step 2: the mailed code, the new password and its confirmation; success leads to the login. */
export function ResetPasswordStep({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { token: "", password: "", confirmation: "" } });

  const onSubmit = handleSubmit(async ({ token, password }) => {
    setSubmitting(true);
    try {
      await resetPassword({ email, token, password });
      toast.success(t("forgetPassword.resetDone"));
      navigate("/login", { replace: true });
    } catch (err) {
      setSubmitting(false);
      toastError(err);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} data-testid="forget-reset-form">
      <Stack spacing={2}>
        <TextField
          {...muiRegister(register("token"))}
          label={t("forgetPassword.code")}
          autoComplete="one-time-code"
          autoFocus
          fullWidth
          {...fieldError(errors.token, t("forgetPassword.codeHint"))}
          slotProps={{ htmlInput: { "data-testid": "forget-code", inputMode: "numeric", maxLength: RESET_CODE_LENGTH } }}
        />
        <PasswordField
          {...muiRegister(register("password"))}
          label={t("forgetPassword.password")}
          autoComplete="new-password"
          fullWidth
          {...fieldError(errors.password, t("forgetPassword.passwordHint"))}
          slotProps={{ htmlInput: { "data-testid": "forget-password" } }}
        />
        <PasswordField
          {...muiRegister(register("confirmation"))}
          label={t("forgetPassword.confirmation")}
          autoComplete="new-password"
          fullWidth
          {...fieldError(errors.confirmation)}
          slotProps={{ htmlInput: { "data-testid": "forget-confirmation" } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={submitting}
          data-testid="forget-submit"
          startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        >
          {t("forgetPassword.submit")}
        </Button>
      </Stack>
    </Box>
  );
}
