import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Link, Stack, Typography } from "@mui/material";
import type { AuthResponse } from "@balcao/common";
import { useAuth } from "../../app/authContext";
import { toastError } from "../../api/errors";
import { enrolWithChallenge, loginSecondStep, type Enrolment, type TwoFactorChallenge } from "../../api/twoFactor";
import { AuthForm, AuthSubmitButton } from "../../components/authForm";
import { CodeField, EnrolmentKey, RecoveryCodes } from "../../components/twoFactor/TwoFactorParts";
import { useSubmitting } from "../../hooks/useSubmitting";
import { showLoginNotices } from "./loginNotices";

/** After the password: the authenticator's code (or a recovery code); first its set-up when the company requires one. */
export function TwoFactorStep({ challenge, onCancel }: { challenge: TwoFactorChallenge; onCancel: () => void }) {
  const { t } = useTranslation();
  const { acceptSession } = useAuth();
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [opened, setOpened] = useState<(AuthResponse & { recoveryCodes?: string[] }) | null>(null);

  useEffect(() => {
    if (!challenge.enrolmentRequired) return;
    let current = true;
    enrolWithChallenge(challenge.challenge).then((made) => current && setEnrolment(made), toastError);
    return () => {
      current = false;
    };
  }, [challenge]);

  const enter = (session: AuthResponse) => {
    acceptSession(session);
    showLoginNotices(session.user);
  };

  const { submitting, submit } = useSubmitting(
    async () => {
      const session = await loginSecondStep({ challenge: challenge.challenge, code: code.trim() });
      if (session.recoveryCodes) setOpened(session);
      else enter(session);
    },
    (err) => toastError(err),
  );

  if (opened)
    return (
      <Stack spacing={2}>
        <RecoveryCodes codes={opened.recoveryCodes ?? []} />
        <Button variant="contained" onClick={() => enter(opened)} data-testid="twofactor-continue">
          {t("twoFactor.continue")}
        </Button>
      </Stack>
    );

  return (
    <AuthForm
      onSubmit={(e) => {
        e.preventDefault();
        void submit(undefined);
      }}
      testId="twofactor-form"
    >
      {challenge.enrolmentRequired ? (
        <>
          <Typography variant="body2">{t("twoFactor.enrolmentRequired")}</Typography>
          {enrolment && <EnrolmentKey enrolment={enrolment} />}
        </>
      ) : (
        <Typography variant="body2">{recovery ? t("twoFactor.enterRecoveryCode") : t("twoFactor.enterCode")}</Typography>
      )}
      <CodeField value={code} onChange={setCode} recovery={recovery} />
      <AuthSubmitButton submitting={submitting} testId="twofactor-submit">
        {t("twoFactor.verify")}
      </AuthSubmitButton>
      <Stack direction="row" justifyContent="space-between" flexWrap="wrap" gap={1}>
        {!challenge.enrolmentRequired && (
          <Link
            component="button"
            type="button"
            variant="body2"
            onClick={() => {
              setRecovery(!recovery);
              setCode("");
            }}
            data-testid="twofactor-use-recovery"
          >
            {recovery ? t("twoFactor.useApp") : t("twoFactor.useRecoveryCode")}
          </Link>
        )}
        <Link component="button" type="button" variant="body2" onClick={onCancel}>
          {t("twoFactor.back")}
        </Link>
      </Stack>
    </AuthForm>
  );
}
