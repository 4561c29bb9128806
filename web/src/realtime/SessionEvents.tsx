import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { SOCKET, type CompanyWithPlan, type Plan, type SessionUser, type SettingItem, type UserListItem } from "@balcao/common";
import { upsertSetting } from "../api/hooks";
import { queryKeys } from "../api/queryKeys";
import { clearSession, setCampaignsFlag, storedUserId, tokenReplacedByOtherTab } from "../api/session";
import { useAuth } from "../app/authContext";
import { useCompanyEvent } from "./socketContext";

interface AuthEvent {
  action: string;
  user?: { id: number };
}
interface UserEvent {
  action: string;
  user?: UserListItem;
  userId?: number;
}
interface SettingsEvent {
  action: string;
  setting?: SettingItem;
}
interface PlanEvent {
  action: string;
  companyId?: number;
  plan?: Plan | null;
}

const PROFILES: readonly SessionUser["profile"][] = ["admin", "user", "supervisor"];

/** Company events about the session itself: a login elsewhere, changes to me, company settings. */
export function SessionEvents() {
  const { t } = useTranslation();
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();

  useCompanyEvent<AuthEvent>("auth", (event) => {
    if (event.action !== "update" || !event.user || event.user.id !== storedUserId()) return;
    toast.error(t("login.accountElsewhere"), { toastId: "account-elsewhere" });
    window.setTimeout(() => {
      // A newer login in another tab of this browser is kept; only this tab's session is dropped.
      if (!tokenReplacedByOtherTab()) clearSession();
      window.location.reload();
    }, SOCKET.reloadDelayMs);
  });

  useCompanyEvent<UserEvent>("user", (event) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.users });
    const changed = event.user;
    if (event.action !== "update" || !changed || !user || changed.id !== user.id) return;
    updateUser({
      name: changed.name,
      email: changed.email,
      online: changed.online,
      queues: changed.queues,
      whatsappId: changed.whatsappId,
      allTicket: changed.allTicket === "enabled" ? "enabled" : "desabled",
      profile: PROFILES.find((p) => p === changed.profile) ?? user.profile,
    });
  });

  useCompanyEvent<SettingsEvent>("settings", (event) => {
    const setting = event.setting;
    if (event.action !== "update" || !setting || !user) return;
    // Super-only values reach other admins blanked: keep what we have.
    const cached = queryClient.getQueryData<SettingItem[]>(queryKeys.settings);
    if (setting.key === "asaas" && user.super && cached) return;
    queryClient.setQueryData<SettingItem[]>(queryKeys.settings, (list) => (list ? upsertSetting(list, setting) : list));
    if (setting.key === "campaignsEnabled") setCampaignsFlag(setting.value === "true");
    updateUser({ company: { ...user.company, settings: upsertSetting(user.company.settings, setting) } });
  });

  // The company's plan changed (edited, or another one chosen): menu and plan-gated pages follow at once.
  useCompanyEvent<PlanEvent>("plan", (event) => {
    if (event.action !== "update" || !user || event.companyId !== user.companyId || event.plan === undefined) return;
    queryClient.setQueryData<CompanyWithPlan>(queryKeys.companyPlan(user.companyId), (old) => (old ? { ...old, plan: event.plan ?? null } : old));
    void queryClient.invalidateQueries({ queryKey: queryKeys.companyPlan(user.companyId) });
  });

  return null;
}
