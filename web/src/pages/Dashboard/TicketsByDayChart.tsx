import { useMemo, useState } from "react";
import { useTheme } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDate, formatDateAs } from "../../i18n/format";
import { ChartCard } from "./ChartCard";
import type { TicketsPerDay } from "./dashboardApi";
import { currentMonthRange, dayOfKey, ticketSeries } from "./dashboardFormat";
import { useChartData } from "./useDashboard";

/** Tickets that arrived per day of the chart's own range, or per hour when both dates are the same day. */
export function TicketsByDayChart() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const [range, setRange] = useState(currentMonthRange);
  const query = useChartData<TicketsPerDay>("perDay", range, t("dashboard.charts.byDayError"));
  const points = useMemo(
    () =>
      ticketSeries(query.data, range).map((p) =>
        p.kind === "hour"
          ? { ...p, label: `${p.key}h`, full: t("dashboard.charts.hourRange", { hour: p.key }) }
          : { ...p, label: formatDateAs(dayOfKey(p.key), "dayMonth", i18n.language), full: formatDate(dayOfKey(p.key), i18n.language) },
      ),
    [query.data, range, t, i18n.language],
  );

  return (
    <ChartCard
      testId="dashboard-chart-days"
      title={t("dashboard.charts.byDay")}
      subtitle={
        <>
          {t("dashboard.charts.byDayHint")}
          {query.data && (
            <>
              {" "}
              · <span data-testid="dashboard-chart-days-total">{t("dashboard.charts.total", { count: query.data.count })}</span>
            </>
          )}
        </>
      }
      range={range}
      onApply={(next) => (next.initialDate === range.initialDate && next.finalDate === range.finalDate ? void query.refetch() : setRange(next))}
      loading={query.isFetching}
      error={query.isError ? t("dashboard.charts.byDayError") : undefined}
      empty={!query.isPending && (query.data?.count ?? 0) === 0}
    >
      <ResponsiveContainer width="100%" height={300}>
        <BarChart data={points} margin={{ top: 8, right: 8, left: -16, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: theme.palette.text.secondary }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: theme.palette.text.secondary }} />
          <Tooltip
            labelFormatter={(_, payload) => (payload?.[0]?.payload as { full?: string } | undefined)?.full ?? ""}
            contentStyle={{ background: theme.palette.background.paper, borderColor: theme.palette.divider }}
          />
          <Bar dataKey="total" name={t("dashboard.charts.byDaySeries")} fill={theme.palette.primary.main} maxBarSize={40} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
