import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import axios from "axios";
import { Link as RouterLink } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Box, Button, CircularProgress, Link, Stack, TextField } from "@mui/material";
import { loginBody, type ErrorBody } from "@balcao/common";
import { useAuth } from "../../app/authContext";
import { errorCode, toastError } from "../../api/errors";
import { AuthCard } from "../../components/AuthCard";
import { PasswordField } from "../../components/PasswordField";
import { fieldError, muiRegister } from "../../components/formFields";
import { showLoginNotices, showSubscriptionExpired } from "./loginNotices";

export function LoginPage() {
  const { t } = useTranslation();
  const { login } = useAuth();
  const [submitting, setSubmitting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginBody), defaultValues: { email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    setSubmitting(true);
    try {
      const session = await login(values);
      showLoginNotices(session.user);
    } catch (err) {
      setSubmitting(false);
      if (errorCode(err) === "ERR_SUBSCRIPTION_EXPIRED" && axios.isAxiosError<ErrorBody>(err)) showSubscriptionExpired(err.response?.data?.dueDate);
      else toastError(err);
    }
  });

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      <Box component="form" noValidate onSubmit={onSubmit} data-testid="login-form">
        <Stack spacing={2}>
          <TextField
            {...muiRegister(register("email"))}
            label={t("login.email")}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            {...fieldError(errors.email)}
            slotProps={{ htmlInput: { "data-testid": "login-email" } }}
          />
          <PasswordField
            {...muiRegister(register("password"))}
            label={t("login.password")}
            autoComplete="current-password"
            fullWidth
            {...fieldError(errors.password)}
            slotProps={{ htmlInput: { "data-testid": "login-password" } }}
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={submitting}
            data-testid="login-submit"
            startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
          >
            {t("login.submit")}
          </Button>
          <Stack direction="row" justifyContent="space-between" flexWrap="wrap" gap={1}>
            <Link component={RouterLink} to="/forgetpsw" variant="body2" data-testid="login-forgot-link">
              {t("login.forgotPassword")}
            </Link>
            <Link component={RouterLink} to="/signup" variant="body2" data-testid="login-signup-link">
              {t("login.noAccount")}
            </Link>
          </Stack>
        </Stack>
      </Box>
    </AuthCard>
  );
}
