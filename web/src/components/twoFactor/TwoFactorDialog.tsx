import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField, Typography } from "@mui/material";
import { toastError } from "../../api/errors";
import { confirmEnrolment, disableTwoFactor, renewRecoveryCodes, startEnrolment, twoFactorStatus, type Enrolment } from "../../api/twoFactor";
import { CodeField, EnrolmentKey, RecoveryCodes } from "./TwoFactorParts";

const STATUS_KEY = ["twoFactor", "status"];

/** The caller's authenticator: turn it on (QR, key, code, then the recovery codes once), off, or renew the codes. */
export function TwoFactorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: twoFactorStatus, enabled: open });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  const proof = () => (code ? { code } : { password });

  const body = () => {
    if (codes) return <RecoveryCodes codes={codes} />;
    if (enrolment)
      return (
        <Stack spacing={2}>
          <EnrolmentKey enrolment={enrolment} />
          <CodeField value={code} onChange={setCode} />
        </Stack>
      );
    if (!status.data) return null;
    if (!status.data.enabled)
      return (
        <Stack spacing={2}>
          {status.data.required && <Alert severity="warning">{t("twoFactor.requiredNotice")}</Alert>}
          <Typography variant="body2">{t("twoFactor.disabledText")}</Typography>
        </Stack>
      );
    return (
      <Stack spacing={2}>
        <Alert severity="success" data-testid="twofactor-enabled">
          {t("twoFactor.enabledText", { count: status.data.recoveryCodesLeft })}
        </Alert>
        <Typography variant="body2">{t("twoFactor.proofText")}</Typography>
        <CodeField value={code} onChange={setCode} autoFocus={false} />
        <TextField label={t("login.password")} type="password" value={password} onChange={(e) => setPassword(e.target.value)} fullWidth autoComplete="current-password" />
      </Stack>
    );
  };

  const actions = () => {
    if (codes || !status.data) return null;
    if (enrolment)
      return (
        <Button
          variant="contained"
          disabled={busy || code.length !== 6}
          data-testid="twofactor-confirm"
          onClick={() =>
            void run(async () => {
              setCodes((await confirmEnrolment(code)).recoveryCodes);
              setEnrolment(null);
              setCode("");
            })
          }
        >
          {t("twoFactor.confirm")}
        </Button>
      );
    if (!status.data.enabled)
      return (
        <Button variant="contained" disabled={busy} data-testid="twofactor-enable" onClick={() => void run(async () => setEnrolment(await startEnrolment()))}>
          {t("twoFactor.enable")}
        </Button>
      );
    return (
      <>
        <Button disabled={busy || (!code && !password)} onClick={() => void run(async () => setCodes((await renewRecoveryCodes(proof())).recoveryCodes))}>
          {t("twoFactor.renewCodes")}
        </Button>
        <Button
          color="error"
          disabled={busy || (!code && !password)}
          data-testid="twofactor-disable"
          onClick={() =>
            void run(async () => {
              await disableTwoFactor(proof());
              setCode("");
              setPassword("");
            })
          }
        >
          {t("twoFactor.disable")}
        </Button>
      </>
    );
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth data-testid="twofactor-dialog">
      <DialogTitle>{t("twoFactor.title")}</DialogTitle>
      <DialogContent>{body()}</DialogContent>
      <DialogActions>
        {actions()}
        <Button onClick={onClose} data-testid="twofactor-close">
          {t("twoFactor.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
