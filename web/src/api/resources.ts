import type { CompanyWithPlan, Plan, QueueRef, SettingItem, UpdateUserInput, UserListItem, WhatsappSummary } from "@balcao/common";
import { api } from "./client";
import { publicApi } from "./http";
import { errorStatus } from "./errors";

/** A list endpoint that a later version of the server adds: until then a 404 reads as "none". */
async function optionalList<T>(promise: Promise<{ data: T[] }>): Promise<T[]> {
  try {
    const { data } = await promise;
    return Array.isArray(data) ? data : [];
  } catch (err) {
    if (errorStatus(err) === 404) return [];
    throw err;
  }
}

export async function fetchPlans(companyId?: string | null): Promise<Plan[]> {
  const { data } = await publicApi.get<Plan[]>("/plans/list", { params: companyId ? { companyId } : undefined });
  return data;
}

export async function fetchCompanyPlan(companyId: number): Promise<CompanyWithPlan> {
  const { data } = await api.get<CompanyWithPlan>(`/companies/listPlan/${companyId}`);
  return data;
}

export async function fetchServerVersion(): Promise<string> {
  const { data } = await publicApi.get<{ version: string }>("/version");
  return data.version;
}

export async function fetchSettings(): Promise<SettingItem[]> {
  const { data } = await api.get<SettingItem[]>("/settings");
  return data;
}

export async function updateSetting(key: string, value: string): Promise<SettingItem> {
  const { data } = await api.put<SettingItem>(`/settings/${encodeURIComponent(key)}`, { key, value });
  return data;
}

export async function fetchUser(id: number): Promise<UserListItem> {
  const { data } = await api.get<UserListItem>(`/users/${id}`);
  return data;
}

export async function createUser(body: UpdateUserInput & { password: string }): Promise<UserListItem> {
  const { data } = await api.post<UserListItem>("/users", body);
  return data;
}

export async function updateUser(id: number, body: UpdateUserInput): Promise<UserListItem> {
  const { data } = await api.put<UserListItem>(`/users/${id}`, body);
  return data;
}

export const fetchWhatsapps = (companyId: number) => optionalList<WhatsappSummary>(api.get<WhatsappSummary[]>("/whatsapp", { params: { companyId, session: 0 } }));

export const fetchQueues = () => optionalList<QueueRef>(api.get<QueueRef[]>("/queue"));

/** The signed-in user pauses or resumes automatic assignment to themself. */
export async function setMyAvailability(paused: boolean): Promise<UserListItem> {
  const { data } = await api.put<UserListItem>("/users/me/availability", { paused });
  return data;
}
