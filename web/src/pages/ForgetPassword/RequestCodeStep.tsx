import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Alert } from "@mui/material";
import { forgetPasswordParams } from "@balcao/common";
import { errorCode, errorStatus, toastError } from "../../api/errors";
import { AuthForm, AuthSubmitButton, AuthTextField } from "../../components/authForm";
import { useSubmitting } from "../../hooks/useSubmitting";
import { requestResetCode } from "./passwordResetApi";

/** Step 1: the email the code goes to. */
export function RequestCodeStep({ initialEmail, onSent }: { initialEmail: string; onSent: (email: string) => void }) {
  const { t } = useTranslation();
  const [mailUnavailable, setMailUnavailable] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgetPasswordParams), defaultValues: { email: initialEmail } });

  const { submitting, submit } = useSubmitting(
    async ({ email }: { email: string }) => {
      await requestResetCode(email);
      toast.success(t("forgetPassword.emailSent"));
      onSent(email);
    },
    (err) => {
      if (errorStatus(err) === 404) {
        toast.error(t("forgetPassword.emailNotFound"));
        setError("email", { message: t("forgetPassword.emailNotFound") });
      } else if (errorCode(err) === "ERR_MAIL_NOT_CONFIGURED") setMailUnavailable(true);
      else toastError(err);
    },
  );

  return (
    <AuthForm onSubmit={handleSubmit(submit)} testId="forget-request-form">
      {mailUnavailable && (
        <Alert severity="warning" data-testid="forget-mail-unavailable">
          {t("forgetPassword.mailUnavailable")}
        </Alert>
      )}
      <AuthTextField registration={register("email")} label={t("forgetPassword.email")} type="email" autoComplete="email" autoFocus error={errors.email} testId="forget-email" />
      <AuthSubmitButton submitting={submitting} testId="forget-send-code">
        {t("forgetPassword.sendCode")}
      </AuthSubmitButton>
    </AuthForm>
  );
}
