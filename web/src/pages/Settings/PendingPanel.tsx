import { Chip, Stack, Typography } from "@mui/material";
import ConstructionOutlinedIcon from "@mui/icons-material/ConstructionOutlined";
import { useTranslation } from "react-i18next";

/** A settings tab still to come. */
export function PendingPanel({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} alignItems="center" textAlign="center" sx={{ py: 4 }} data-testid="coming-soon">
      <ConstructionOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
      <Chip label={t("comingSoon.badge")} color="primary" variant="outlined" size="small" />
      <Typography>{text}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t("comingSoon.text")}
      </Typography>
    </Stack>
  );
}
