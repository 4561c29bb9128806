import { useMemo, useState } from "react";
import { Alert, Box, Chip, CircularProgress, MenuItem, Paper, Stack, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SERVICE_REPORT_DIMENSIONS, type ServiceReportDimension } from "@balcao/common";
import { DayField } from "../../components/dates/DateFields";
import { formatDate } from "../../i18n/format";
import { ReportExportButtons } from "./ReportExportButtons";
import { fetchServiceReport, reportKeys, type ServiceReport as Report, type ServiceReportRow } from "./reportsApi";
import { QUICK_RANGES, quickRange } from "./reportFormat";
import { ServiceReportChart } from "./ServiceReportChart";
import { ServiceReportTable } from "./ServiceReportTable";

/** The service report: period (last 30 days by default), dimension, charts, table and exports. */
export function ServiceReport() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState(() => quickRange(30));
  const [groupBy, setGroupBy] = useState<ServiceReportDimension>("day");
  const valid = Boolean(range.from && range.to && range.from <= range.to);
  const params = { ...range, groupBy };
  const query = useQuery({ queryKey: reportKeys.service(params), queryFn: () => fetchServiceReport(params), enabled: valid, placeholderData: (previous) => previous });

  const points = useMemo(() => {
    const report: Report | undefined = query.data;
    if (!report) return [];
    const name = (row: ServiceReportRow) => {
      if (row.key === null) return t(`reports.none.${report.groupBy}`);
      if (report.groupBy === "day") return formatDate(new Date(`${row.key}T12:00:00`), i18n.language);
      return row.label ?? `#${row.key}`;
    };
    return report.rows.map((row) => ({ name: name(row), row }));
  }, [query.data, t, i18n.language]);

  const empty = query.data !== undefined && query.data.totals.conversations === 0;

  return (
    <Box>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: "column", md: "row" }} spacing={2} alignItems={{ md: "center" }} justifyContent="space-between">
          <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} alignItems={{ sm: "center" }}>
            <DayField size="small" label={t("reports.from")} value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} testId="reports-from" />
            <DayField size="small" label={t("reports.to")} value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} testId="reports-to" />
            <TextField
              select
              size="small"
              label={t("reports.groupBy")}
              value={groupBy}
              onChange={(e) => setGroupBy(e.target.value as ServiceReportDimension)}
              sx={{ minWidth: 160 }}
              slotProps={{ select: { SelectDisplayProps: { "data-testid": "reports-group-by" } as React.HTMLAttributes<HTMLDivElement> } }}
            >
              {SERVICE_REPORT_DIMENSIONS.map((d) => (
                <MenuItem key={d} value={d} data-testid={`reports-group-by-${d}`}>
                  {t(`reports.dimensions.${d}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <ReportExportButtons path="/reports/service" params={params} disabled={!valid || !query.data} />
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1.5 }}>
          {QUICK_RANGES.map((q) => {
            const next = quickRange(q.days);
            return (
              <Chip
                key={q.id}
                size="small"
                label={t(`reports.quick.${q.id}`)}
                color={next.from === range.from && next.to === range.to ? "primary" : "default"}
                onClick={() => setRange(next)}
                data-testid={`reports-quick-${q.id}`}
              />
            );
          })}
        </Stack>
        {query.data && (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block", mt: 1 }}>
            {t("reports.timeZone", { zone: query.data.timeZone })}
          </Typography>
        )}
      </Paper>

      {query.isError ? (
        <Alert severity="error" data-testid="reports-error">
          {t("reports.error")}
        </Alert>
      ) : query.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 6 }}>
          <CircularProgress aria-label={t("common.loading")} />
        </Box>
      ) : empty ? (
        <Alert severity="info" data-testid="reports-empty">
          {t("reports.empty")}
        </Alert>
      ) : (
        <Box sx={{ opacity: query.isFetching ? 0.6 : 1, transition: "opacity 0.2s" }} aria-busy={query.isFetching}>
          <ServiceReportChart points={points} />
          <ServiceReportTable rows={points} totals={query.data.totals} />
        </Box>
      )}
    </Box>
  );
}
