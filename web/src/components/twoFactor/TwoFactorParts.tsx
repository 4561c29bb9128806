import { Box, Button, Stack, TextField, Typography } from "@mui/material";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import type { Enrolment } from "../../api/twoFactor";

/** The authenticator's QR code and the same key for typing in by hand. */
export function EnrolmentKey({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} alignItems="center">
      <Typography variant="body2">{t("twoFactor.scan")}</Typography>
      <Box sx={{ bgcolor: "#fff", p: 1 }} data-testid="twofactor-qr">
        <QRCodeSVG value={enrolment.uri} size={180} />
      </Box>
      <Typography variant="body2">{t("twoFactor.manualKey")}</Typography>
      <Typography variant="body2" sx={{ fontFamily: "monospace", wordBreak: "break-all" }} data-testid="twofactor-secret">
        {enrolment.secret}
      </Typography>
    </Stack>
  );
}

/** A 6-digit code from the app, or (with `recovery`) a recovery code. */
export function CodeField({ value, onChange, recovery = false, autoFocus = true }: { value: string; onChange: (v: string) => void; recovery?: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={recovery ? t("twoFactor.recoveryCode") : t("twoFactor.code")}
      value={value}
      onChange={(e) => onChange(recovery ? e.target.value : e.target.value.replace(/\D/g, "").slice(0, 6))}
      autoFocus={autoFocus}
      fullWidth
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: recovery ? "text" : "numeric", "data-testid": "twofactor-code" } }}
    />
  );
}

/** The recovery codes, shown once: copy or download them. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const text = codes.join("\n");
  const download = () => {
    const url = URL.createObjectURL(new Blob([text + "\n"], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = "recovery-codes.txt";
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack spacing={1}>
      <Typography variant="body2">{t("twoFactor.recoveryCodesHelp")}</Typography>
      <Box component="pre" sx={{ fontFamily: "monospace", m: 0, p: 1, bgcolor: "action.hover", borderRadius: 1 }} data-testid="twofactor-recovery-codes">
        {text}
      </Box>
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => void navigator.clipboard?.writeText(text)}>
          {t("twoFactor.copy")}
        </Button>
        <Button size="small" onClick={download}>
          {t("twoFactor.download")}
        </Button>
      </Stack>
    </Stack>
  );
}
