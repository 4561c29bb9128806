import { Box, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** The right column when no conversation is open: the logo and a hint. */
export function EmptyConversation() {
  const { t } = useTranslation();
  return (
    <Stack alignItems="center" justifyContent="center" spacing={2} sx={{ height: "100%", p: 3, color: "text.secondary", textAlign: "center" }} data-testid="tickets-no-conversation">
      <Box component="img" src="/favicon.svg" alt={t("app.name")} sx={{ width: 96, height: 96, opacity: 0.85 }} />
      <Typography variant="h6" color="text.primary">
        {t("app.name")}
      </Typography>
      <Typography variant="body2">{t("ticketManager.noConversation")}</Typography>
    </Stack>
  );
}
