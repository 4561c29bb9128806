import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { RESET_CODE_LENGTH, resetPasswordFormSchema } from "@balcao/common";
import { toastError } from "../../api/errors";
import { AuthForm, AuthPasswordField, AuthSubmitButton, AuthTextField } from "../../components/authForm";
import { useSubmitting } from "../../hooks/useSubmitting";
import { resetPassword } from "./passwordResetApi";

/** Step 2: the mailed code, the new password and its confirmation; success leads to the login. */
export function ResetPasswordStep({ email }: { email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { token: "", password: "", confirmation: "" } });

  const { submitting, submit } = useSubmitting(async ({ token, password }: { token: string; password: string }) => {
    await resetPassword({ email, token, password });
    toast.success(t("forgetPassword.resetDone"));
    navigate("/login", { replace: true });
  }, toastError);

  return (
    <AuthForm onSubmit={handleSubmit(submit)} testId="forget-reset-form">
      <AuthTextField
        registration={register("token")}
        label={t("forgetPassword.code")}
        autoComplete="one-time-code"
        autoFocus
        error={errors.token}
        hint={t("forgetPassword.codeHint")}
        testId="forget-code"
        htmlInput={{ inputMode: "numeric", maxLength: RESET_CODE_LENGTH }}
      />
      <AuthPasswordField registration={register("password")} label={t("forgetPassword.password")} autoComplete="new-password" error={errors.password} hint={t("forgetPassword.passwordHint")} testId="forget-password" />
      <AuthPasswordField registration={register("confirmation")} label={t("forgetPassword.confirmation")} autoComplete="new-password" error={errors.confirmation} testId="forget-confirmation" />
      <AuthSubmitButton submitting={submitting} testId="forget-submit">
        {t("forgetPassword.submit")}
      </AuthSubmitButton>
    </AuthForm>
  );
}
