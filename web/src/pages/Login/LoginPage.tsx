import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import axios from "axios";
import { Link as RouterLink } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Link, Stack } from "@mui/material";
import { loginBody, type ErrorBody, type LoginBody } from "@balcao/common";
import { useAuth } from "../../app/authContext";
import { errorCode, toastError } from "../../api/errors";
import { AuthCard } from "../../components/AuthCard";
import { AuthForm, AuthPasswordField, AuthSubmitButton, AuthTextField } from "../../components/authForm";
import { useSubmitting } from "../../hooks/useSubmitting";
import { showLoginNotices, showSubscriptionExpired } from "./loginNotices";
import { isChallenge, type TwoFactorChallenge } from "../../api/twoFactor";
import { TwoFactorStep } from "./TwoFactorStep";

export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: "", password: "" } });

  const { submitting, submit } = useSubmitting(
    async (values: LoginBody) => {
      const session = await login(values);
      if (isChallenge(session)) setChallenge(session);
      else showLoginNotices(session.user);
    },
    (err) => {
      if (errorCode(err) === "ERR_SUBSCRIPTION_EXPIRED" && axios.isAxiosError<ErrorBody>(err)) showSubscriptionExpired(err.response?.data?.dueDate);
      else toastError(err);
    },
  );

  if (challenge)
    return (
      <AuthCard title={t("twoFactor.title")} subtitle={t("login.subtitle")}>
        <TwoFactorStep challenge={challenge} onCancel={() => setChallenge(null)} />
      </AuthCard>
    );

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <AuthForm onSubmit={handleSubmit(submit)} testId="login-form">
        <AuthTextField registration={register("email")} label={t("login.email")} type="email" autoComplete="email" autoFocus error={errors.email} testId="login-email" />
        <AuthPasswordField registration={register("password")} label={t("login.password")} autoComplete="current-password" error={errors.password} testId="login-password" />
        <AuthSubmitButton submitting={submitting} testId="login-submit">
          {t("login.submit")}
        </AuthSubmitButton>
        <Stack direction="row" justifyContent="space-between" flexWrap="wrap" gap={1}>
          <Link component={RouterLink} to="/forgetpsw" variant="body2" data-testid="login-forgot-link">
            {t("login.forgotPassword")}
          </Link>
          <Link component={RouterLink} to="/signup" variant="body2" data-testid="login-signup-link">
            {t("login.noAccount")}
          </Link>
        </Stack>
      </AuthForm>
    </AuthCard>
  );
}
