import { Link as RouterLink } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Paper, Stack, Typography } from "@mui/material";
import SearchOffIcon from "@mui/icons-material/SearchOff";
import { PageContainer } from "../../components/PageContainer";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t("notFound.title")}>
      <Paper variant="outlined" sx={{ p: 5 }} data-testid="not-found">
        <Stack spacing={2} alignItems="center" textAlign="center">
          <SearchOffIcon color="disabled" sx={{ fontSize: 56 }} />
          <Typography color="text.secondary">{t("notFound.text")}</Typography>
          <Button component={RouterLink} to="/" variant="contained">
            {t("notFound.goHome")}
          </Button>
        </Stack>
      </Paper>
    </PageContainer>
  );
}
