import { useEffect, useRef, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { useSessionUser } from "../../app/authContext";
import { useCompanyEvent } from "../../realtime/socketContext";
import { dashboardKeys, fetchConversationsPerUser, fetchDashboard, fetchTicketsPerDay, type ChartRange, type DashboardData, type DashboardParams } from "./dashboardApi";

interface UserEvent {
  action: string;
  user?: { id: number; name?: string; online?: boolean };
  userId?: number;
}

const sameParams = (a: DashboardParams | null, b: DashboardParams | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The counters and attendants for the applied filter; 'Filtrar' with the same filter reloads.
 * Attendants' online status and names follow the company's user events live.
 */
export function useDashboardData(initial: DashboardParams | null) {
  const queryClient = useQueryClient();
  const [applied, setApplied] = useState<DashboardParams | null>(initial);
  const query = useQuery({
    queryKey: dashboardKeys.data(applied ?? {}),
    queryFn: () => fetchDashboard(applied ?? {}),
    enabled: applied !== null,
    staleTime: 0,
  });

  useCompanyEvent<UserEvent>("user", (event) => {
    queryClient.setQueriesData<DashboardData>({ queryKey: dashboardKeys.all }, (data) => {
      if (!data) return data;
      if (event.action === "delete" && event.userId) return { ...data, attendants: data.attendants.filter((a) => a.id !== event.userId) };
      const user = event.user;
      if (event.action !== "update" || !user?.id) return data;
      return {
        ...data,
        attendants: data.attendants.map((a) => (a.id === user.id ? { ...a, online: user.online ?? a.online, name: user.name ?? a.name } : a)),
      };
    });
  });

  const apply = (params: DashboardParams) => {
    if (sameParams(params, applied)) void query.refetch();
    else setApplied(params);
  };
  return { query, apply };
}

/** A chart's data for its own date range; a failure shows the chart's own message ('Erro ao …'). */
export function useChartData<T>(kind: "perUser" | "perDay", range: ChartRange, errorText: string) {
  const { companyId } = useSessionUser();
  const query = useQuery<T>({
    queryKey: kind === "perUser" ? dashboardKeys.perUser(range) : dashboardKeys.perDay(range),
    queryFn: () => (kind === "perUser" ? fetchConversationsPerUser(range, companyId) : fetchTicketsPerDay(range, companyId)) as Promise<T>,
    meta: { silent: true },
    staleTime: 0,
    retry: false,
  });
  const text = useRef(errorText);
  text.current = errorText;
  useEffect(() => {
    if (query.errorUpdatedAt) toast.error(text.current, { toastId: text.current });
  }, [query.errorUpdatedAt]);
  return query;
}
