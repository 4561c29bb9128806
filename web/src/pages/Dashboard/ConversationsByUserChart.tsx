import { useState } from "react";
import { useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard } from "./ChartCard";
import type { ConversationsPerUser } from "./dashboardApi";
import { currentMonthRange } from "./dashboardFormat";
import { useChartData } from "./useDashboard";

/** 'Total de Conversas por Usuários': each user's finished conversations in the chart's own range. */
export function ConversationsByUserChart() {
  const { t } = useTranslation();
  const theme = useTheme();
  const [range, setRange] = useState(currentMonthRange);
  const query = useChartData<ConversationsPerUser>("perUser", range, t("dashboard.charts.byUserError"));
  const rows = query.data?.data ?? [];
  const total = rows.reduce((sum, r) => sum + Number(r.quantidade), 0);

  return (
    <ChartCard
      testId="dashboard-chart-users"
      title={t("dashboard.charts.byUser")}
      subtitle={query.data ? t("dashboard.charts.total", { count: total }) : undefined}
      range={range}
      onApply={(next) => (next.initialDate === range.initialDate && next.finalDate === range.finalDate ? void query.refetch() : setRange(next))}
      loading={query.isFetching}
      error={query.isError ? t("dashboard.charts.byUserError") : undefined}
      empty={!query.isPending && rows.length === 0}
    >
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={rows} margin={{ top: 8, right: 8, left: -16, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis dataKey="nome" tick={{ fontSize: 12, fill: theme.palette.text.secondary }} interval={0} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: theme.palette.text.secondary }} />
          <Tooltip contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }} />
          <Bar dataKey="quantidade" name={t("dashboard.charts.byUserSeries")} fill={theme.palette.primary.main} maxBarSize={56} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
