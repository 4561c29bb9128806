import { Box, Tooltip } from "@mui/material";
import AccessTimeIcon from "@mui/icons-material/AccessTime";
import DoneIcon from "@mui/icons-material/Done";
import DoneAllIcon from "@mui/icons-material/DoneAll";
import { useTranslation } from "react-i18next";

/** WhatsApp's receipts: a clock while pending, one grey tick sent, two grey delivered, two blue read. */
export function AckTicks({ ack, testId }: { ack: number; testId: string }) {
  const { t } = useTranslation();
  const label = ack <= 0 ? t("simulator.ack.pending") : ack === 1 ? t("simulator.ack.sent") : ack === 2 ? t("simulator.ack.delivered") : ack === 3 ? t("simulator.ack.read") : t("simulator.ack.played");
  const sx = { fontSize: 16, display: "block" };
  const icon =
    ack <= 0 ? (
      <AccessTimeIcon sx={{ ...sx, fontSize: 14, color: "text.disabled" }} />
    ) : ack === 1 ? (
      <DoneIcon sx={{ ...sx, color: "text.secondary" }} />
    ) : (
      <DoneAllIcon sx={{ ...sx, color: ack >= 3 ? "#34B7F1" : "text.secondary" }} />
    );
  return (
    <Tooltip title={label}>
      <Box component="span" data-testid={testId} data-ack={ack} aria-label={label} role="img" sx={{ display: "inline-flex", alignItems: "center" }}>
        {icon}
      </Box>
    </Tooltip>
  );
}
