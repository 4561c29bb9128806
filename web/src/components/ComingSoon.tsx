import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import ConstructionOutlinedIcon from "@mui/icons-material/ConstructionOutlined";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import type { AreaKey } from "../i18n/locales/areas.pt";
import { PageContainer } from "./PageContainer";

interface ComingSoonProps {
  area: AreaKey;
  /** Id of the record named by the route (/tickets/:ticketId, /campaign/:campaignId/report…). */
  recordId?: string;
}

function ComingSoonBody({ area, recordId }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, textAlign: "center" }} data-testid="coming-soon">
      <Stack spacing={2} alignItems="center">
        <Box sx={{ width: 72, height: 72, borderRadius: "50%", bgcolor: "action.hover", display: "grid", placeItems: "center" }}>
          <ConstructionOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
        </Box>
        <Chip label={t("comingSoon.badge")} color="primary" variant="outlined" size="small" />
        <Typography variant="h6">{t(`areas.${area}.description`)}</Typography>
        {recordId && <Typography color="text.secondary">{t("comingSoon.item", { id: recordId })}</Typography>}
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {t("comingSoon.text")}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** The page of an area that is not built yet: its title and what it will do, never a blank screen. */
export function ComingSoon({ area, recordId }: ComingSoonProps) {
  const { t } = useTranslation();
  return (
    <PageContainer
      title={t(`areas.${area}.title`)}
      actions={
        area !== "tickets" && (
          <Button component={RouterLink} to="/tickets" variant="outlined">
            {t("comingSoon.goHome")}
          </Button>
        )
      }
    >
      <ComingSoonBody area={area} recordId={recordId} />
    </PageContainer>
  );
}
