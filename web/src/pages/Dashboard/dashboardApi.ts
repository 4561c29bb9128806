import { api } from "../../api/client";

/** GET /dashboard's counters; times are in minutes. */
export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  leads: number;
  avgSupportTime: number;
  avgWaitTime: number;
}

/** One row of the attendants' table. */
export interface DashboardAttendant {
  id: number;
  name: string;
  online: boolean;
  tickets: number;
  avgSupportTime: number;
  rating: number;
  countRating: number;
}

export interface DashboardData {
  counters: DashboardCounters;
  attendants: DashboardAttendant[];
}

/** What the dashboard filter sends: the last N days, or a start and/or end day (yyyy-MM-dd). */
export interface DashboardParams {
  days?: number;
  date_from?: string;
  date_to?: string;
}

export interface ChartRange {
  initialDate: string;
  finalDate: string;
}

export interface ConversationsPerUser {
  data: { nome: string; quantidade: number }[];
}

/** Per day (`data`, dd/MM/yyyy) or, for a single day, per hour (`horario`, "00"–"23"). */
export interface TicketsPerDay {
  data: { data?: string; horario?: string; total: number }[];
  count: number;
}

/** Cache keys of the dashboard; `all` is what the presence events patch. */
export const dashboardKeys = {
  all: ["dashboard", "data"] as const,
  data: (params: DashboardParams) => ["dashboard", "data", params] as const,
  perUser: (range: ChartRange) => ["dashboard", "ticketsUsers", range] as const,
  perDay: (range: ChartRange) => ["dashboard", "ticketsDay", range] as const,
};

export async function fetchDashboard(params: DashboardParams): Promise<DashboardData> {
  const { data } = await api.get<DashboardData>("/dashboard", { params });
  return data;
}

export async function fetchConversationsPerUser(range: ChartRange, companyId: number): Promise<ConversationsPerUser> {
  const { data } = await api.get<ConversationsPerUser>("/dashboard/ticketsUsers", { params: { ...range, companyId } });
  return data;
}

export async function fetchTicketsPerDay(range: ChartRange, companyId: number): Promise<TicketsPerDay> {
  const { data } = await api.get<TicketsPerDay>("/dashboard/ticketsDay", { params: { ...range, companyId } });
  return data;
}
