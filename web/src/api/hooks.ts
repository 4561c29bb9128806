import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { DEFAULT_SETTINGS, type SettingItem } from "@balcao/common";
import { fetchCompanyPlan, fetchPlans, fetchServerVersion, fetchSettings, updateSetting } from "./resources";
import { queryKeys } from "./queryKeys";

export const usePlans = (companyId?: string | null) => useQuery({ queryKey: queryKeys.plans(companyId), queryFn: () => fetchPlans(companyId), staleTime: 5 * 60_000 });

export const useCompanyPlan = (companyId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.companyPlan(companyId ?? 0),
    queryFn: () => fetchCompanyPlan(companyId!),
    enabled: Boolean(companyId),
    staleTime: 5 * 60_000,
  });

export const useServerVersion = () => useQuery({ queryKey: queryKeys.serverVersion, queryFn: fetchServerVersion, staleTime: Infinity, meta: { silent: true } });

export const useSettings = (enabled = true) => useQuery({ queryKey: queryKeys.settings, queryFn: fetchSettings, enabled });

/** A setting's value, or its default while the company has not saved it. */
export const settingValue = (settings: SettingItem[] | undefined, key: string) => settings?.find((s) => s.key === key)?.value ?? DEFAULT_SETTINGS[key] ?? "";

/** Replaces one setting in the cached list (after a save or a socket event). */
export function upsertSetting(list: SettingItem[] | undefined, setting: SettingItem): SettingItem[] {
  const rest = (list ?? []).filter((s) => s.key !== setting.key);
  return [...rest, setting];
}

export function useUpdateSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: string }) => updateSetting(key, value),
    onSuccess: (setting) => client.setQueryData<SettingItem[]>(queryKeys.settings, (list) => upsertSetting(list, setting)),
  });
}
