import { useEffect, useRef, useState } from "react";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import type { PixCharge } from "@balcao/common";
import { formatMoney } from "./money";

/** How long the copy button says 'Copiado' (administration §2). */
const COPIED_MS = 1_000;

/** The Pix screen: total, QR code and the copy-and-paste code; it waits for the payment to be confirmed. */
export function PixPayment({ charge, confirmed }: { charge: PixCharge; confirmed: boolean }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const total = Number(charge.valor.original);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
    } catch {
      // without clipboard access the code stays selectable in the field below
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <Stack spacing={2} alignItems="center" data-testid="pix-payment">
      <Typography variant="h6" data-testid="pix-total">
        {t("billing.pix.total")}: {formatMoney(total)}
      </Typography>
      <Box sx={{ p: 1.5, bgcolor: "#fff", borderRadius: 1 }}>
        <QRCodeSVG value={charge.qrcode.qrcode} size={208} marginSize={1} aria-label={t("billing.pix.qrLabel")} data-testid="pix-qrcode" />
      </Box>
      <TextField fullWidth size="small" label={t("billing.pix.code")} value={charge.qrcode.qrcode} slotProps={{ htmlInput: { readOnly: true, "data-testid": "pix-code" } }} />
      <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid="pix-copy">
        {copied ? t("billing.pix.copied") : t("billing.pix.copy")}
      </Button>
      {confirmed ? (
        <Alert severity="success" data-testid="pix-confirmed">
          {t("billing.pix.confirmed")}
        </Alert>
      ) : (
        <Typography variant="body2" color="text.secondary" textAlign="center">
          {t("billing.pix.waiting")}
        </Typography>
      )}
    </Stack>
  );
}
