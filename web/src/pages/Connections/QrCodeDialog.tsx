import { useEffect, useState } from "react";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, Typography } from "@mui/material";
import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import { QR_CODE_SIZE } from "./constants";
import { fetchConnection, type ConnectionRecord } from "./connectionsApi";
import { qrValue } from "./connectionForm";
import { useCompanyEvent } from "../../realtime/socketContext";

interface SessionEvent {
  action: string;
  session?: ConnectionRecord;
}

interface QrCodeDialogProps {
  connection: ConnectionRecord | null;
  onClose(): void;
}

/** The connection's QR code, live; it closes itself once a session update comes without one. */
export function QrCodeDialog({ connection, onClose }: QrCodeDialogProps) {
  const { t } = useTranslation();
  const whatsappId = connection?.id;
  const [qrcode, setQrcode] = useState(connection?.qrcode ?? "");

  useEffect(() => {
    if (!whatsappId) return;
    let live = true;
    setQrcode(connection?.qrcode ?? "");
    fetchConnection(whatsappId)
      .then((record) => live && setQrcode(record.qrcode ?? ""))
      .catch(() => undefined);
    return () => {
      live = false;
    };
    // the record read once per opening; later changes arrive as session events
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [whatsappId]);

  useCompanyEvent<SessionEvent>("whatsappSession", (event) => {
    if (!whatsappId || event.action !== "update" || event.session?.id !== whatsappId) return;
    if (!event.session.qrcode) onClose();
    else setQrcode(event.session.qrcode);
  });

  const value = qrcode ? qrValue(qrcode) : "";
  return (
    <Dialog open={Boolean(connection)} onClose={onClose} maxWidth="md" data-testid="qr-dialog">
      <DialogTitle>{connection?.name}</DialogTitle>
      <DialogContent dividers>
        <Stack direction={{ xs: "column", md: "row" }} spacing={3} alignItems="center">
          <Box>
            <Typography variant="h6" gutterBottom>
              {t("connections.qr.title")}
            </Typography>
            <Box component="ol" sx={{ pl: 2.5, m: 0, "& li": { mb: 1 } }}>
              <li>{t("connections.qr.step1")}</li>
              <li>{t("connections.qr.step2")}</li>
              <li>{t("connections.qr.step3")}</li>
              <li>{t("connections.qr.step4")}</li>
            </Box>
          </Box>
          <Stack alignItems="center" spacing={1} sx={{ minWidth: QR_CODE_SIZE }}>
            {value ? (
              <>
                <Box data-testid="qr-code" data-value={value} sx={{ p: 1.5, bgcolor: "#fff", borderRadius: 1, lineHeight: 0 }}>
                  <QRCodeSVG value={value} size={QR_CODE_SIZE} title={t("connections.qr.title")} />
                </Box>
                {qrcode.startsWith("/") && (
                  <Link href={value} target="_blank" rel="noopener" variant="caption" data-testid="qr-link">
                    {t("connections.qr.openLink")}
                  </Link>
                )}
              </>
            ) : (
              <Typography data-testid="qr-waiting">{t("connections.qr.waiting")}</Typography>
            )}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="qr-close">
          {t("common.close")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
