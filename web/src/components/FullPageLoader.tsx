import { Box, CircularProgress, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** Shown while the session is being restored or a guard waits for data. */
export function FullPageLoader({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="app-loading"
      role="progressbar"
      aria-label={t("app.loading")}
      sx={{ display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 2, minHeight: inline ? 240 : "100vh" }}
    >
      <CircularProgress />
      <Typography variant="body2" color="text.secondary">
        {t("app.loading")}
      </Typography>
    </Box>
  );
}
