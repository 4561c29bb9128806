import { useState } from "react";
import { Grid } from "@mui/material";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { PageContainer } from "../../components/PageContainer";
import { AttendantsTable } from "./AttendantsTable";
import { ConversationsByUserChart } from "./ConversationsByUserChart";
import { CounterCards } from "./CounterCards";
import { DashboardFilters } from "./DashboardFilters";
import { currentMonthRange, filterParams, type DashboardFilter } from "./dashboardFormat";
import { TicketsByDayChart } from "./TicketsByDayChart";
import { useDashboardData } from "./useDashboard";

function initialFilter(): DashboardFilter {
  const month = currentMonthRange();
  return { type: "date", dateFrom: month.initialDate, dateTo: month.finalDate, period: 0 };
}

/** "/" (admins): the counters, the attendants and the two charts (core-workspace §2 Dashboard). */
export function DashboardPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState(initialFilter);
  const { query, apply } = useDashboardData(filterParams(filter));

  const onApply = () => {
    const params = filterParams(filter);
    if (!params) {
      toast.error(t("dashboard.filters.needsParameter"), { toastId: "dashboard-needs-parameter" });
      return;
    }
    apply(params);
  };

  return (
    <PageContainer title={t("dashboard.title")} maxWidth={1440}>
      <DashboardFilters filter={filter} onChange={setFilter} onApply={onApply} loading={query.isFetching} />
      <CounterCards counters={query.data?.counters} loading={query.isPending && query.fetchStatus !== "idle"} />
      <AttendantsTable attendants={query.data?.attendants} loading={query.isFetching} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <ConversationsByUserChart />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <TicketsByDayChart />
        </Grid>
      </Grid>
    </PageContainer>
  );
}
