import type { ScheduleEntry } from "@balcao/common";
import { api } from "../../api/client";

/** The company as GET /companies/:id gives it to its admins; only the hours matter here. */
export interface CompanyRecord {
  id: number;
  name: string;
  schedules: ScheduleEntry[];
}

export const companyKey = (companyId: number) => ["company", companyId] as const;

export async function fetchCompany(companyId: number): Promise<CompanyRecord> {
  const { data } = await api.get<CompanyRecord>(`/companies/${companyId}`);
  return data;
}

export async function saveCompanySchedules(companyId: number, schedules: ScheduleEntry[]): Promise<CompanyRecord> {
  const { data } = await api.put<CompanyRecord>(`/companies/${companyId}/schedules`, { id: companyId, schedules });
  return data;
}
