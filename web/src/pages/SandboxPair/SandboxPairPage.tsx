import { useEffect, useState } from "react";
import { Link as RouterLink, useParams } from "react-router-dom";
import { Alert, Button, CircularProgress, Stack, Typography } from "@mui/material";
import CheckCircleOutlineIcon from "@mui/icons-material/CheckCircleOutline";
import { useTranslation } from "react-i18next";
import { errorCode, errorMessage } from "../../api/errors";
import { pairWithCode } from "../../api/sandbox";
import { AuthCard } from "../../components/AuthCard";

type PairState = { kind: "pairing" } | { kind: "connected"; name: string } | { kind: "failed"; message: string };

/**
 * One request per link, even when React mounts the page twice: a pairing code works once,
 * so a second POST would turn a success into an error.
 */
const attempts = new Map<string, ReturnType<typeof pairWithCode>>();
function pairOnce(whatsappId: string, code: string) {
  const key = `${whatsappId}/${code}`;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = pairWithCode(whatsappId, code);
    attempts.set(key, attempt);
    // A failed attempt may be tried again after a reload of the page.
    attempt.catch(() => attempts.delete(key));
  }
  return attempt;
}

/**
 * The QR code's link (/sandbox/pair/:whatsappId/:code): the "phone" that scans it pairs the
 * sandbox connection. Public, like a phone's camera: no login needed.
 */
export function SandboxPairPage() {
  const { t } = useTranslation();
  const { whatsappId = "", code = "" } = useParams();
  const [state, setState] = useState<PairState>({ kind: "pairing" });

  useEffect(() => {
    let live = true;
    setState({ kind: "pairing" });
    if (!/^\d+$/.test(whatsappId) || code.length < 8) {
      setState({ kind: "failed", message: t("sandboxPair.invalidLink") });
      return;
    }
    pairOnce(whatsappId, code).then(
      (result) => live && setState({ kind: "connected", name: result.name }),
      (err: unknown) => {
        if (!live) return;
        const known = errorCode(err);
        const message =
          known === "ERR_WAPP_NOT_INITIALIZED"
            ? t("sandboxPair.expired")
            : known === "ERR_NO_WAPP_FOUND"
              ? t("sandboxPair.notFound")
              : known === "ERR_VALIDATION"
                ? t("sandboxPair.invalidLink")
                : (errorMessage(err) ?? t("sandboxPair.failed"));
        setState({ kind: "failed", message });
      },
    );
    return () => {
      live = false;
    };
  }, [whatsappId, code, t]);

  return (
    <AuthCard title={t("sandboxPair.title")}>
      <Stack spacing={2} alignItems="center" textAlign="center" data-testid="sandbox-pair-result" data-state={state.kind}>
        {state.kind === "pairing" && (
          <>
            <CircularProgress aria-label={t("sandboxPair.pairing")} />
            <Typography color="text.secondary">{t("sandboxPair.pairing")}</Typography>
          </>
        )}
        {state.kind === "connected" && (
          <>
            <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} />
            <Typography variant="h6" data-testid="sandbox-pair-connected">
              {t("sandboxPair.connected", { name: state.name })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("sandboxPair.connectedText")}
            </Typography>
          </>
        )}
        {state.kind === "failed" && (
          <Alert severity="error" sx={{ width: "100%", textAlign: "left" }} data-testid="sandbox-pair-error">
            {state.message}
          </Alert>
        )}
        {state.kind !== "pairing" && (
          <Button component={RouterLink} to="/simulator" variant="text">
            {t("sandboxPair.openSimulator")}
          </Button>
        )}
      </Stack>
    </AuthCard>
  );
}
