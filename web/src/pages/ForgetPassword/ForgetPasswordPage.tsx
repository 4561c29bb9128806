import { Link as RouterLink } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Chip, Stack, Typography } from "@mui/material";
import { AuthCard } from "../../components/AuthCard";

/** Password reset arrives in a later version; the page says so and leads back to the login. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t("areas.forgetPassword.title")}>
      <Stack spacing={2} alignItems="center" textAlign="center" data-testid="coming-soon">
        <Chip label={t("comingSoon.badge")} color="primary" variant="outlined" size="small" />
        <Typography>{t("areas.forgetPassword.description")}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t("comingSoon.text")}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" fullWidth data-testid="forget-back-login">
          {t("forgetPassword.backToLogin")}
        </Button>
      </Stack>
    </AuthCard>
  );
}
