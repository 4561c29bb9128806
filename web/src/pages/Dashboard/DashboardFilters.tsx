import { Button, CircularProgress, MenuItem, Paper, Stack, TextField } from "@mui/material";
import FilterListIcon from "@mui/icons-material/FilterList";
import { useTranslation } from "react-i18next";
import { DASHBOARD_PERIODS } from "@balcao/common";
import { DayField } from "../../components/dates/DateFields";
import type { DashboardFilter, FilterType } from "./dashboardFormat";

interface DashboardFiltersProps {
  filter: DashboardFilter;
  onChange(filter: DashboardFilter): void;
  onApply(): void;
  loading: boolean;
}

/** Filter type 1 (start and end dates) or type 2 (the last N days), then 'Filtrar'. */
export function DashboardFilters({ filter, onChange, onApply, loading }: DashboardFiltersProps) {
  const { t } = useTranslation();
  // switching type clears the other type's values, so what is sent is what is shown
  const changeType = (type: FilterType) => onChange(type === "date" ? { ...filter, type, period: 0 } : { ...filter, type, dateFrom: "", dateTo: "" });

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }}>
        <TextField
          select
          size="small"
          label={t("dashboard.filters.type")}
          value={filter.type}
          onChange={(e) => changeType(e.target.value as FilterType)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": "dashboard-filter-type" } as React.HTMLAttributes<HTMLDivElement> } }}
        >
          <MenuItem value="date" data-testid="dashboard-filter-type-date">
            {t("dashboard.filters.byDate")}
          </MenuItem>
          <MenuItem value="period" data-testid="dashboard-filter-type-period">
            {t("dashboard.filters.byPeriod")}
          </MenuItem>
        </TextField>
        {filter.type === "date" ? (
          <>
            <DayField size="small" label={t("dashboard.filters.dateFrom")} value={filter.dateFrom} onChange={(dateFrom) => onChange({ ...filter, dateFrom })} testId="dashboard-date-from" />
            <DayField size="small" label={t("dashboard.filters.dateTo")} value={filter.dateTo} onChange={(dateTo) => onChange({ ...filter, dateTo })} testId="dashboard-date-to" />
          </>
        ) : (
          <TextField
            select
            size="small"
            label={t("dashboard.filters.period")}
            value={filter.period}
            onChange={(e) => onChange({ ...filter, period: Number(e.target.value) })}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { SelectDisplayProps: { "data-testid": "dashboard-period" } as React.HTMLAttributes<HTMLDivElement> } }}
          >
            {DASHBOARD_PERIODS.map((days) => (
              <MenuItem key={days} value={days} data-testid={`dashboard-period-${days}`}>
                {days === 0 ? t("dashboard.filters.periodNone") : t("dashboard.filters.lastDays", { count: days })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button variant="contained" onClick={onApply} disabled={loading} startIcon={loading ? <CircularProgress size={16} color="inherit" /> : <FilterListIcon />} data-testid="dashboard-apply">
          {t("dashboard.filters.apply")}
        </Button>
      </Stack>
    </Paper>
  );
}
