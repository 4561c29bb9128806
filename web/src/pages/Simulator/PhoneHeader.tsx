import { Avatar, Box, Stack, Typography } from "@mui/material";
import StorefrontIcon from "@mui/icons-material/Storefront";
import { useTranslation } from "react-i18next";
import type { Connection } from "../../api/sandbox";

/** The top of the phone's chat: the business the customer is writing to, and who the phone is. */
export function PhoneHeader({ connection, number }: { connection: Connection | null; number: string }) {
  const { t } = useTranslation();
  const online = connection?.status === "CONNECTED";
  return (
    <Stack direction="row" spacing={1.5} alignItems="center" sx={{ px: 1.5, py: 1, bgcolor: "#008069", color: "#fff" }}>
      <Avatar sx={{ bgcolor: "rgba(255,255,255,0.25)", width: 38, height: 38 }}>
        <StorefrontIcon fontSize="small" />
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" noWrap data-testid="simulator-phone-title">
          {connection?.name ?? t("simulator.title")}
        </Typography>
        <Typography variant="caption" noWrap display="block" sx={{ opacity: 0.85 }}>
          {[connection && (online ? t("simulator.online") : t(`simulator.status.${connection.status}`, { defaultValue: connection.status })), number && t("simulator.actingAs", { number })].filter(Boolean).join(" · ")}
        </Typography>
      </Box>
    </Stack>
  );
}
