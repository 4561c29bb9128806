import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Link, Stack } from "@mui/material";
import { AuthCard } from "../../components/AuthCard";
import { RequestCodeStep } from "./RequestCodeStep";
import { ResetPasswordStep } from "./ResetPasswordStep";

/** Password reset (/forgetpsw) in two steps: the email, then the mailed code with the new password. */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [askAgain, setAskAgain] = useState("");

  return (
    <AuthCard title={t("areas.forgetPassword.title")} subtitle={sentTo ? t("forgetPassword.resetSubtitle", { email: sentTo }) : t("forgetPassword.requestSubtitle")}>
      <Stack spacing={2}>
        {sentTo ? <ResetPasswordStep email={sentTo} /> : <RequestCodeStep initialEmail={askAgain} onSent={setSentTo} />}
        <Stack direction="row" justifyContent="space-between" flexWrap="wrap" gap={1}>
          <Link component={RouterLink} to="/login" variant="body2" data-testid="forget-back-login">
            {t("forgetPassword.backToLogin")}
          </Link>
          {sentTo && (
            <Link
              component="button"
              type="button"
              variant="body2"
              data-testid="forget-other-email"
              onClick={() => {
                setAskAgain(sentTo);
                setSentTo(null);
              }}
            >
              {t("forgetPassword.otherEmail")}
            </Link>
          )}
        </Stack>
      </Stack>
    </AuthCard>
  );
}
