import { Grid, Paper, Typography, useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ServiceReportRow } from "./reportsApi";

interface Point {
  name: string;
  row: ServiceReportRow;
}

const minutes = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 60) * 10) / 10);

/** Conversations with the median first response and resolution, and the ratings as stacked shares, per group. */
export function ServiceReportChart({ points }: { points: Point[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const axis = { fontSize: 12, fill: theme.palette.text.secondary };
  const tooltip = { background: theme.palette.background.paper, borderColor: theme.palette.divider };
  const data = points.map(({ name, row }) => ({
    name,
    conversations: row.conversations,
    firstResponse: minutes(row.firstResponse.medianSeconds),
    resolution: minutes(row.resolution.medianSeconds),
    rate1: row.ratings[1],
    rate2: row.ratings[2],
    rate3: row.ratings[3],
  }));

  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, lg: 7 }}>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="reports-chart-figures">
          <Typography variant="subtitle2" fontWeight={700} gutterBottom>
            {t("reports.charts.conversations")}
          </Typography>
          <ResponsiveContainer width="100%" height={280}>
            <ComposedChart data={data} margin={{ top: 8, right: 0, left: -16, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
              <XAxis dataKey="name" tick={axis} />
              <YAxis yAxisId="count" allowDecimals={false} tick={axis} />
              <YAxis yAxisId="minutes" orientation="right" tick={axis} />
              <Tooltip contentStyle={tooltip} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar yAxisId="count" dataKey="conversations" name={t("reports.charts.conversations")} fill={theme.palette.primary.main} maxBarSize={40} radius={[3, 3, 0, 0]} />
              <Line yAxisId="minutes" dataKey="firstResponse" name={t("reports.charts.firstResponse")} stroke={theme.palette.warning.main} dot={false} connectNulls />
              <Line yAxisId="minutes" dataKey="resolution" name={t("reports.charts.resolution")} stroke={theme.palette.secondary.main} dot={false} connectNulls />
            </ComposedChart>
          </ResponsiveContainer>
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <Paper variant="outlined" sx={{ p: 2 }} data-testid="reports-chart-ratings">
          <Typography variant="subtitle2" fontWeight={700} gutterBottom>
            {t("reports.charts.ratings")}
          </Typography>
          <ResponsiveContainer width="100%" height={280}>
            <BarChart data={data} stackOffset="expand" margin={{ top: 8, right: 8, left: -8, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
              <XAxis dataKey="name" tick={axis} />
              <YAxis tickFormatter={(v: number) => `${Math.round(v * 100)}%`} tick={axis} />
              <Tooltip contentStyle={tooltip} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="rate1" stackId="r" name={t("reports.charts.rate1")} fill={theme.palette.error.main} maxBarSize={40} />
              <Bar dataKey="rate2" stackId="r" name={t("reports.charts.rate2")} fill={theme.palette.info.main} maxBarSize={40} />
              <Bar dataKey="rate3" stackId="r" name={t("reports.charts.rate3")} fill={theme.palette.success.main} maxBarSize={40} />
            </BarChart>
          </ResponsiveContainer>
        </Paper>
      </Grid>
    </Grid>
  );
}
