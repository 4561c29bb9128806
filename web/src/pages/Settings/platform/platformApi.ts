import type { CompaniesPage, CompanyFormInput, CompanyRecord, Plan, PlanFormInput } from "@balcao/common";
import { api } from "../../../api/client";

export const companiesKey = ["platform", "companies"] as const;
export const plansKey = ["platform", "plans"] as const;
/** The same cache as the /helps grid (GET /helps/list), so a saved video shows there at once. */
export const helpsAdminKey = ["helps", "list"] as const;

/** Every company (the super user's table shows them all, one request per 20). */
export async function fetchCompanies(): Promise<CompanyRecord[]> {
  const all: CompanyRecord[] = [];
  for (let pageNumber = 1; ; pageNumber++) {
    const { data } = await api.get<CompaniesPage>("/companies", { params: { pageNumber } });
    all.push(...data.companies);
    if (!data.hasMore) return all;
  }
}

export const saveCompany = async (id: number | null, body: CompanyFormInput) => (id ? await api.put<CompanyRecord>(`/companies/${id}`, body) : await api.post<CompanyRecord>("/companies", body)).data;
export const deleteCompany = async (id: number) => (await api.delete(`/companies/${id}`)).data;

export const fetchPlans = async () => (await api.get<Plan[]>("/plans/all")).data;
export const savePlan = async (id: number | null, body: PlanFormInput) => (id ? await api.put<Plan>(`/plans/${id}`, body) : await api.post<Plan>("/plans", body)).data;
export const deletePlan = async (id: number) => (await api.delete(`/plans/${id}`)).data;

export interface HelpRow {
  id: number;
  title: string;
  video: string;
  description: string;
  link: string;
}
export const fetchHelpsAdmin = async () => (await api.get<HelpRow[]>("/helps/list")).data;
export const saveHelp = async (id: number | null, body: Omit<HelpRow, "id">) => (id ? await api.put<HelpRow>(`/helps/${id}`, body) : await api.post<HelpRow>("/helps", body)).data;
export const deleteHelp = async (id: number) => (await api.delete(`/helps/${id}`)).data;
