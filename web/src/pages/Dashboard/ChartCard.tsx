import { useState, type ReactNode } from "react";
import { Box, Button, CircularProgress, Paper, Stack, Typography } from "@mui/material";
import FilterListIcon from "@mui/icons-material/FilterList";
import { useTranslation } from "react-i18next";
import { DayField } from "../../components/dates/DateFields";
import type { ChartRange } from "./dashboardApi";

interface ChartCardProps {
  testId: string;
  title: ReactNode;
  subtitle?: ReactNode;
  /** The range the chart shows; the inputs edit a copy until 'Filtrar'. */
  range: ChartRange;
  onApply(range: ChartRange): void;
  loading: boolean;
  empty: boolean;
  /** The chart's failure text, shown in place of the chart while the last load failed. */
  error?: string;
  children: ReactNode;
}

/** A chart with its own start and end dates and 'Filtrar', a spinner while loading and a note when empty or failed. */
export function ChartCard({ testId, title, subtitle, range, onApply, loading, empty, error, children }: ChartCardProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(range);

  return (
    <Paper variant="outlined" sx={{ p: 2, height: "100%", display: "flex", flexDirection: "column" }} data-testid={testId}>
      <Typography variant="subtitle1" fontWeight={700}>
        {title}
      </Typography>
      {subtitle && (
        <Typography variant="body2" color="text.secondary">
          {subtitle}
        </Typography>
      )}
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} alignItems={{ sm: "center" }} sx={{ my: 2 }}>
        <DayField size="small" label={t("dashboard.charts.initialDate")} value={draft.initialDate} onChange={(initialDate) => setDraft({ ...draft, initialDate })} testId={`${testId}-initial`} />
        <DayField size="small" label={t("dashboard.charts.finalDate")} value={draft.finalDate} onChange={(finalDate) => setDraft({ ...draft, finalDate })} testId={`${testId}-final`} />
        <Button variant="outlined" onClick={() => onApply(draft)} disabled={loading} startIcon={<FilterListIcon />} data-testid={`${testId}-apply`}>
          {t("dashboard.charts.apply")}
        </Button>
      </Stack>
      <Box sx={{ position: "relative", flex: 1, minHeight: 300 }} aria-busy={loading}>
        {(error || empty) && !loading ? (
          <Box sx={{ height: 300, display: "flex", alignItems: "center", justifyContent: "center" }}>
            <Typography color={error ? "error" : "text.secondary"} data-testid={`${testId}-${error ? "error" : "empty"}`}>
              {error ?? t("dashboard.charts.empty")}
            </Typography>
          </Box>
        ) : (
          children
        )}
        {loading && (
          <Box sx={{ position: "absolute", inset: 0, display: "flex", alignItems: "center", justifyContent: "center", bgcolor: "action.hover" }}>
            <CircularProgress size={32} aria-label={t("common.loading")} />
          </Box>
        )}
      </Box>
    </Paper>
  );
}
